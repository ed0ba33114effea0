// The signed-in shells: a sidebar of the area's pages, a header with the welcome line, Sign Out.
import { LogOut, type LucideIcon } from "lucide-react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { useMe, useSignOut } from "@/client/api/me.ts";
import { Logo } from "@/client/components/ui/logo.tsx";
import { PythonPreloader } from "@/client/python/python-preloader.tsx";

export type NavItem = { to: string; label: string; icon: LucideIcon };

export function Shell({ title, nav }: { title: string; nav: NavItem[] }) {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const name = me.data?.name?.trim() || "User";
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <PythonPreloader />
      <aside className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="flex h-16 items-center px-5">
          <Logo link={false} />
        </div>
        <nav aria-label="Sections" className="flex gap-1 overflow-x-auto px-3 pb-3 md:flex-col md:pb-0">
          {nav.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
                }`
              }
            >
              <item.icon className="size-4" aria-hidden />
              {item.label}
            </NavLink>
          ))}
          <button
            type="button"
            onClick={async () => {
              await signOut();
              navigate("/", { replace: true });
            }}
            className="flex items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100"
          >
            <LogOut className="size-4" aria-hidden />
            Sign Out
          </button>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="border-b border-slate-200 bg-white px-6 py-4">
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          <p className="text-sm text-slate-600">Welcome, {name}</p>
        </header>
        <main className="flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** Stands in for an area that a later piece of work fills. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 text-sm text-slate-600">
        {children ?? "This part of PyClass is being built and will appear here soon."}
      </p>
    </section>
  );
}
