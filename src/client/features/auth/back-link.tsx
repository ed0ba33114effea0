import { ArrowLeft } from "lucide-react";

/** The link under an auth form back to the previous screen (sign in, unless told otherwise). */
export function BackLink({
  onClick,
  children = "Back to sign in",
}: {
  onClick: () => void;
  children?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="mt-6 inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </button>
  );
}
