// A labelled file chooser: the one look of every import dialog's file field.
import type { ReactNode } from "react";
import { Field } from "./field.tsx";

export function FileField({
  label,
  accept,
  hint,
  onFile,
}: {
  label: string;
  accept: string;
  hint?: ReactNode;
  /** The file chosen, or null when the choice is cleared. */
  onFile: (file: File | null) => void;
}) {
  return (
    <Field
      label={label}
      hint={hint}
      control={(id, aria) => (
        <input
          id={id}
          type="file"
          accept={accept}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800"
          {...aria}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      )}
    />
  );
}
