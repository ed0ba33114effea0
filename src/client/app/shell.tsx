// The signed-in shells: a sidebar of the area's pages (a Menu button on phones), a header with
// the welcome line, Sign Out, and a skip link to the page's content.
import { LogOut, type LucideIcon, Menu, X } from "lucide-react";
import { useState } from "react";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { useMe, useSignOut } from "@/client/api/me.ts";
import { Logo } from "@/client/components/ui/logo.tsx";
import { OfflineSupport } from "@/client/features/offline/index.ts";
import { DeletionCancelledNotice } from "@/client/features/settings/deletion-cancelled-notice.tsx";
import { PageSection, usePageTitle } from "@/client/lib/page-title.tsx";
import { PythonPreloader } from "@/client/python/python-preloader.tsx";

/** `also`: other paths that belong to this section (e.g. one exercise under Exercises). */
export type NavItem = { to: string; label: string; icon: LucideIcon; also?: string[] };

/** The sidebar entry a path belongs to (the longest matching prefix), named in the tab title. */
export function sectionOf(nav: NavItem[], pathname: string): NavItem | undefined {
  const under = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  return nav
    .filter((item) => under(item.to) || item.also?.some(under))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

export function Shell({ title, nav }: { title: string; nav: NavItem[] }) {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const name = me.data?.name?.trim() || "User";
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <PythonPreloader />
      <aside className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="flex h-16 items-center justify-between px-5">
          <Logo link={false} />
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="shell-nav"
            onClick={() => setMenuOpen((open) => !open)}
            className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 md:hidden"
          >
            {menuOpen ? <X className="size-4" aria-hidden /> : <Menu className="size-4" aria-hidden />}
            Menu
          </button>
        </div>
        <nav
          id="shell-nav"
          aria-label="Sections"
          className={`${menuOpen ? "flex" : "hidden"} flex-col gap-1 px-3 pb-3 md:flex md:pb-0`}
        >
          {nav.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              onClick={() => setMenuOpen(false)}
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
        <OfflineSupport />
        <header className="border-b border-slate-200 bg-white px-4 py-3 md:px-6 md:py-4">
          <p className="text-xl font-semibold text-slate-900">{title}</p>
          <p className="text-sm text-slate-600">Welcome, {name}</p>
        </header>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none md:p-6">
          <PageSection name={sectionOf(nav, pathname)?.label ?? null}>
            <DeletionCancelledNotice />
            <Outlet />
          </PageSection>
        </main>
      </div>
    </div>
  );
}

/** Stands in for an area that a later piece of work fills. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  usePageTitle(title);
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {children ?? "This part of PyClass is being built and will appear here soon."}
      </p>
    </section>
  );
}
