// The editor's content is saved in this browser on every change and restored after a reload,
// a crash or time offline, until the work is submitted (assignments) or saved (exercises). Keyed
// by user and assignment or exercise, so two people sharing a computer never see each other's code.
import { useCallback, useState } from "react";

type Draft = { code: string; savedAt: number };

export const draftKey = (userId: string, assignmentId: string) => `pyclass:draft:${userId}:${assignmentId}`;

function readDraft(key: string): Draft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Draft;
    return typeof d.code === "string" ? d : null;
  } catch {
    return null;
  }
}

/** Returns the code (draft if any, else `initial`), a setter that saves, and clear(). */
export function useDraft(key: string, initial: () => string) {
  const [restored] = useState(() => readDraft(key));
  const [code, setCodeState] = useState(() => restored?.code ?? initial());
  const [saveFailed, setSaveFailed] = useState(false);

  const setCode = useCallback(
    (next: string) => {
      setCodeState(next);
      try {
        localStorage.setItem(key, JSON.stringify({ code: next, savedAt: Date.now() } satisfies Draft));
        setSaveFailed(false);
      } catch {
        // Storage full or blocked (private mode): say so rather than lose work silently.
        setSaveFailed(true);
      }
    },
    [key],
  );

  const clear = useCallback(() => {
    try {
      localStorage.removeItem(key);
    } catch {}
  }, [key]);

  return { code, setCode, clear, restoredAt: restored?.savedAt ?? null, saveFailed };
}
