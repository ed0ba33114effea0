import { Check, X } from "lucide-react";
import { passwordStrength } from "@/shared/domain/auth-rules.ts";

const barColour = {
  Weak: "bg-red-500",
  Fair: "bg-yellow-500",
  Good: "bg-blue-500",
  Strong: "bg-green-600",
} as const;

export function PasswordStrengthMeter({ password }: { password: string }) {
  const { checks, score, label, problem } = passwordStrength(password);
  return (
    <div aria-live="polite">
      <div className="flex items-center gap-3">
        <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200">
          <div
            className={`h-full ${barColour[label]} transition-all`}
            style={{ width: `${(score / 5) * 100}%` }}
          />
        </div>
        <span className="w-14 text-right text-sm font-medium" data-testid="strength-label">
          {label}
        </span>
      </div>
      <ul className="mt-3 grid gap-1 text-sm">
        {checks.map((c) => (
          <li key={c.id} className={`flex items-center gap-2 ${c.met ? "text-green-700" : "text-slate-500"}`}>
            {c.met ? <Check className="size-4" aria-hidden /> : <X className="size-4" aria-hidden />}
            {c.label}
            <span className="sr-only">{c.met ? "(met)" : "(not met)"}</span>
          </li>
        ))}
      </ul>
      {/* The server refuses these as a new password: said here before the user submits. */}
      {problem && (
        <p className="mt-2 text-sm text-red-700" data-testid="strength-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
