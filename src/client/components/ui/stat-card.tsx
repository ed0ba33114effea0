// A headline number with its label; shows a skeleton while the number loads.
import type { LucideIcon } from "lucide-react";
import { useId } from "react";
import { Card } from "./card.tsx";

export function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  /** undefined while loading. */
  value: string | number | undefined;
  icon?: LucideIcon;
}) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id} className="flex items-center gap-4 p-5">
      {Icon && (
        <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden />
        </span>
      )}
      <div className="min-w-0">
        <p id={id} className="text-sm text-slate-600">
          {label}
        </p>
        {value === undefined ? (
          <p className="mt-1 h-7 w-12 animate-pulse rounded bg-slate-200">
            <span className="sr-only">Loading...</span>
          </p>
        ) : (
          <p className="text-2xl font-semibold text-slate-900">{value}</p>
        )}
      </div>
    </Card>
  );
}
