import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from "react";

export const controlClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-100";

/** The label, control and hint of every form field; `control` gets the id the label points at. */
export function Field({
  label,
  hint,
  className = "",
  control,
}: {
  label: string;
  hint?: string;
  className?: string;
  control: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control(id)}
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

export function TextField({
  label,
  hint,
  className,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  return (
    <Field
      label={label}
      hint={hint}
      className={className}
      control={(id) => <input id={id} className={controlClass} {...rest} />}
    />
  );
}

export function TextAreaField({
  label,
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  return (
    <Field
      label={label}
      className={className}
      control={(id) => <textarea id={id} className={controlClass} {...rest} />}
    />
  );
}
