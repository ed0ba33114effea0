// What both import dialogs keep: open or not, the file chosen, the step (the file, then its
// preview, then whatever the dialog adds) and the one error line. Reading checks the file here
// (readImportFile) before the server previews it.
import { useState } from "react";
import { readImportFile } from "./read-file.ts";

export type ImportStep<P> = { kind: "file" } | { kind: "preview"; text: string; preview: P };

export type ImportFile = ReturnType<typeof useImportFile>;

export function useImportFile<P, More extends { kind: string } = never>(
  preview: (text: string) => Promise<P>,
  onPreview?: (preview: P) => void,
) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<ImportStep<P> | More>({ kind: "file" });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** Runs `work` with the error line cleared, and puts its failure there. */
  async function attempt(work: () => Promise<void>) {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return {
    open,
    setOpen,
    step,
    setStep,
    error,
    attempt,
    /** Opens the dialog afresh: no file, no error, at the first step. */
    start() {
      setStep({ kind: "file" });
      setFile(null);
      setError(null);
      setOpen(true);
    },
    choose(chosen: File | null) {
      setError(null);
      setFile(chosen);
    },
    back() {
      setError(null);
      setStep({ kind: "file" });
    },
    read: () =>
      attempt(async () => {
        const read = await readImportFile(file);
        if (!read.ok) return setError(read.message);
        const result = await preview(read.text);
        onPreview?.(result);
        setStep({ kind: "preview", text: read.text, preview: result });
      }),
  };
}
