import { type FieldAria, TextField } from "@/client/components/ui/field.tsx";

/** The e-mail field of the sign-in, sign-up and forgot-password forms. */
export function EmailField({
  value,
  onChange,
  autoFocus,
  aria = {},
}: {
  value: string;
  onChange: (v: string) => void;
  autoFocus?: boolean;
  /** Marks the field invalid and links the message about it. */
  aria?: FieldAria;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoFocus={autoFocus}
      {...aria}
    />
  );
}
