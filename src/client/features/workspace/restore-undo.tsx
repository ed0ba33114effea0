// Restore Code with a way back (issue 19 item 3): restoring replaces the editor's code at once and
// says so, with Undo, for as long as the code is still the restored one (typing after a restore
// makes Undo meaningless, so it goes). No question first: a question before every restore would
// be friction for the common case, an undo costs nothing.
import { Undo2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button.tsx";

type Restored = { code: string; previous: string; label: string };

/**
 * `current` is the editor's code; `apply` puts code in it (and records it). `restore(code, label)`
 * replaces it; `bar` is the notice with Undo (null when there is nothing to undo).
 */
export function useRestoreWithUndo(current: string, apply: (code: string) => void) {
  const [restored, setRestored] = useState<Restored | null>(null);
  const [undone, setUndone] = useState(false);
  const live = restored !== null && restored.code === current && restored.previous !== current;
  return {
    restore(code: string, label: string) {
      setUndone(false);
      setRestored({ code, previous: current, label });
      apply(code);
    },
    bar: live ? (
      <RestoreBar
        label={restored.label}
        onUndo={() => {
          apply(restored.previous);
          setRestored(null);
          setUndone(true);
        }}
      />
    ) : undone ? (
      <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
        Your code is back as it was before the restore.
      </p>
    ) : restored && restored.previous === current && restored.code === current ? (
      <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
        The editor already holds the code from {restored.label}.
      </p>
    ) : null,
  };
}

function RestoreBar({ label, onUndo }: { label: string; onUndo: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800"
      data-testid="restore-notice"
    >
      <span className="min-w-0 flex-1">
        Restored the code from {label}. Your previous code is kept until you type.
      </span>
      <Button size="sm" variant="secondary" onClick={onUndo}>
        <Undo2 className="size-4" aria-hidden /> Undo restore
      </Button>
    </div>
  );
}
