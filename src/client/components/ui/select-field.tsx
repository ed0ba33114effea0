import type { SelectHTMLAttributes } from "react";
import { controlClass, Field } from "./field.tsx";

/** A labelled native select (keyboard and screen-reader friendly as is). */
export function SelectField({
  label,
  hint,
  error,
  className,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; hint?: string; error?: string | null }) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(id, aria) => (
        <select id={id} className={`${controlClass} disabled:text-slate-600`} {...aria} {...rest}>
          {children}
        </select>
      )}
    />
  );
}
