import type { ReactNode } from "react";
import { Button } from "@/client/components/ui/button.tsx";

/**
 * One settings row that toggles between a read-only view and an edit form. When the form's field
 * label names the row (`fieldLabelled`), the title is not shown a second time above it.
 */
export function SettingsSection({
  title,
  value,
  editing,
  onEdit,
  editLabel = "Edit",
  fieldLabelled = false,
  children,
}: {
  title: string;
  value: ReactNode;
  editing: boolean;
  onEdit: () => void;
  editLabel?: string;
  fieldLabelled?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="border-t border-slate-200 py-5 first:border-t-0">
      {editing ? (
        <>
          {!fieldLabelled && <h3 className="mb-3 text-sm font-medium text-slate-700">{title}</h3>}
          {children}
        </>
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-sm font-medium text-slate-700">{title}</h3>
            <div className="mt-1 break-words text-slate-900">{value}</div>
          </div>
          <Button variant="secondary" size="sm" onClick={onEdit}>
            {editLabel}
          </Button>
        </div>
      )}
    </section>
  );
}
