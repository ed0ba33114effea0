import type { ReactNode } from "react";

const tones = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-green-200 bg-green-50 text-green-800",
  /** Done, but not all of it: a partial import. */
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  info: "border-blue-200 bg-blue-50 text-blue-800",
} as const;

/** A banner for errors and successes; announced to screen readers. */
export function Alert({
  tone,
  id,
  children,
}: {
  tone: keyof typeof tones;
  /** For a field's aria-describedby when the message is about that field. */
  id?: string;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  );
}
