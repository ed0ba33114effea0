import { TextField } from "@/client/components/ui/field.tsx";

/** The e-mail field of the sign-in, sign-up and forgot-password forms. */
export function EmailField({
  value,
  onChange,
  autoFocus,
}: {
  value: string;
  onChange: (v: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoFocus={autoFocus}
    />
  );
}
