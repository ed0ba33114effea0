import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { AuthCard } from "./auth-card.tsx";
import { BackLink } from "./back-link.tsx";

/** The confirmation and reset-sent screens: a link is on its way to the given address. */
export function MailSent({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <AuthCard title="Check your email">
      <div className="flex flex-col items-center text-center">
        <MailCheck className="size-12 text-brand-600" aria-hidden />
        <p className="mt-4 text-slate-700">{children}</p>
        <p className="mt-2 text-sm text-slate-500">Can't see it? Check your spam or junk folder.</p>
      </div>
      <BackLink onClick={onBack} />
    </AuthCard>
  );
}
