import type { ReactNode } from "react";
import { usePageTitle } from "@/client/lib/page-title.tsx";

/**
 * The title row of a signed-in page: its one h1 (which also names the browser tab), an optional
 * subtitle, actions on the right.
 */
export function PageHeading({
  title,
  subtitle,
  actions,
  className = "mb-6",
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Spacing below; a page that spaces its children itself passes "". */
  className?: string;
}) {
  usePageTitle(title);
  return (
    <div className={`${className} flex flex-wrap items-start justify-between gap-4`}>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {subtitle && <div className="mt-1 text-sm text-slate-600">{subtitle}</div>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
