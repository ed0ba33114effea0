import {
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";

export const controlClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-100 aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

/** What a control spreads so its error (and hint) is announced with it. */
export type FieldAria = { "aria-invalid"?: true; "aria-describedby"?: string };

/**
 * The label, control, hint and error of every form field; `control` gets the id the label points
 * at and the aria attributes that mark it invalid and link its error message and hint.
 */
export function Field({
  label,
  hint,
  error,
  className = "",
  control,
}: {
  label: string;
  hint?: ReactNode;
  /** Shown beside the field, which is marked invalid (focusFirstError finds it). */
  error?: string | null;
  className?: string;
  control: (id: string, aria: FieldAria) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  const aria: FieldAria = {
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control(id, aria)}
      {error && <FieldError id={`${id}-error`} message={error} />}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A field's error message, beside it; link it with the control's aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

type Extra = { label: string; hint?: ReactNode; error?: string | null };

export function TextField({
  label,
  hint,
  error,
  className,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & Extra) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(id, aria) => <input id={id} className={controlClass} {...aria} {...rest} />}
    />
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Extra) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(id, aria) => <textarea id={id} className={controlClass} {...aria} {...rest} />}
    />
  );
}

/**
 * After a refused submit, move focus to the first field marked invalid (in page order), once the
 * errors have rendered. `ref` goes on the form; call `focusFirstError()` where the errors are set.
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>(): {
  ref: RefObject<T | null>;
  focusFirstError: () => void;
} {
  const ref = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [attempt]);
  return { ref, focusFirstError: () => setAttempt((n) => n + 1) };
}
