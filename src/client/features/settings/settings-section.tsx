import type { ReactNode } from "react";
import { Button } from "@/client/components/ui/button.tsx";

/** One settings row that toggles between a read-only view and an edit form. */
export function SettingsSection({
  title,
  value,
  editing,
  onEdit,
  editLabel = "Edit",
  children,
}: {
  title: string;
  value: ReactNode;
  editing: boolean;
  onEdit: () => void;
  editLabel?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="border-t border-slate-200 py-5 first:border-t-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-slate-700">{title}</h3>
          {!editing && <div className="mt-1 break-words text-slate-900">{value}</div>}
        </div>
        {!editing && (
          <Button variant="secondary" size="sm" onClick={onEdit}>
            {editLabel}
          </Button>
        )}
      </div>
      {editing && <div className="mt-3">{children}</div>}
    </section>
  );
}
