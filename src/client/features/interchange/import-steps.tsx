// The pieces both import dialogs show: the file step (choose, Preview), the live line that says
// what is happening or what went wrong, and the list of what a file holds that PyClass doesn't carry.
import type { ReactNode } from "react";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { FileField } from "@/client/components/ui/file-field.tsx";
import type { ImportFile } from "./use-import-file.ts";

/** Said as it changes: `busy` while working, then the error if there is one. */
export function ImportStatus({ busy, error }: { busy?: string | false; error: string | null }) {
  return (
    <div aria-live="polite">
      {busy && (
        <p role="status" className="text-sm font-medium text-slate-700">
          {busy}
        </p>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

export function ImportFileStep({
  dialog,
  label,
  accept,
  hint,
  reading,
  busy,
}: {
  dialog: Pick<ImportFile, "error" | "choose" | "setOpen" | "read">;
  label: string;
  accept: string;
  hint?: ReactNode;
  /** The preview is on its way. */
  reading: boolean;
  /** Anything under way: Cancel waits for it. */
  busy: boolean;
}) {
  return (
    <div className="space-y-4">
      <FileField label={label} accept={accept} hint={hint} onFile={dialog.choose} />
      <ImportStatus busy={reading && "Reading the file..."} error={dialog.error} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => dialog.setOpen(false)} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={dialog.read} busy={reading}>
          Preview
        </Button>
      </div>
    </div>
  );
}

export function NotCarried({
  items,
  testId,
  className = "",
}: {
  items: string[];
  testId?: string;
  className?: string;
}) {
  if (items.length === 0) return null;
  return (
    <div className={`rounded-md bg-amber-50 p-2 text-sm text-amber-950 ${className}`}>
      <p className="font-medium">Not carried into PyClass</p>
      <ul className="mt-1 list-disc space-y-1 pl-5" data-testid={testId}>
        {items.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}
