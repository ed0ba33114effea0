import type { SelectHTMLAttributes } from "react";
import { controlClass, Field } from "./field.tsx";

/** A labelled native select (keyboard and screen-reader friendly as is). */
export function SelectField({
  label,
  hint,
  className,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; hint?: string }) {
  return (
    <Field
      label={label}
      hint={hint}
      className={className}
      control={(id) => (
        <select id={id} className={`${controlClass} disabled:text-slate-600`} {...rest}>
          {children}
        </select>
      )}
    />
  );
}
