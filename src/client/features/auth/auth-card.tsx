import type { ReactNode } from "react";
import { Logo } from "@/client/components/ui/logo.tsx";
import { usePageTitle } from "@/client/lib/page-title.tsx";

/** The centred card every auth screen sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <div className="mb-6">
        <Logo />
      </div>
      <main className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm [overflow-wrap:anywhere]">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
