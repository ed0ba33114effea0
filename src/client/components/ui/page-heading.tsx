import type { ReactNode } from "react";

/** The title row of a signed-in page: a heading, an optional subtitle, actions on the right. */
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
  return (
    <div className={`${className} flex flex-wrap items-start justify-between gap-4`}>
      <div className="min-w-0">
        <h2 className="text-2xl font-semibold text-slate-900">{title}</h2>
        {subtitle && <div className="mt-1 text-sm text-slate-600">{subtitle}</div>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
