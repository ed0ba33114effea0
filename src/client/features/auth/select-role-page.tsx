// /select-role: a pending user chooses teacher or student, once (the server refuses a second choice).
import { GraduationCap, School } from "lucide-react";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useChooseRole, useMe, useRefreshMe } from "@/client/api/me.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { hasErrorCode } from "@/client/lib/api.ts";
import { ROLE_MESSAGES, TEACHER_EMAIL_DOMAIN_CODE } from "@/shared/api/me.ts";
import type { SelectableRole } from "@/shared/domain/roles.ts";
import { AuthCard } from "./auth-card.tsx";

const choices: { role: SelectableRole; title: string; text: string; icon: typeof School }[] = [
  {
    role: "student",
    title: "I'm a student",
    text: "Join your class, practise Python and hand in assignments.",
    icon: GraduationCap,
  },
  {
    role: "teacher",
    title: "I'm a teacher",
    text: "Create classes, set assignments with tests and grade work.",
    icon: School,
  },
];

export function SelectRolePage() {
  const me = useMe();
  const chooseRole = useChooseRole();
  const refreshMe = useRefreshMe();
  const navigate = useNavigate();
  const [saving, setSaving] = useState<SelectableRole | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (me.isPending) return <Loading />;
  if (me.data && me.data.role !== "pending") return <Navigate to="/dashboard" replace />;

  async function choose(role: SelectableRole) {
    setSaving(role);
    setError(null);
    try {
      await chooseRole.mutateAsync({ role });
      navigate("/dashboard", { replace: true });
    } catch (e) {
      if (hasErrorCode(e, "UNAUTHORIZED")) setError(ROLE_MESSAGES.notAuthenticated);
      else if (hasErrorCode(e, "ROLE_ALREADY_CHOSEN")) {
        await refreshMe();
        navigate("/dashboard", { replace: true });
      } else if (hasErrorCode(e, TEACHER_EMAIL_DOMAIN_CODE)) {
        // The school keeps the teacher role to staff addresses: the server names the domains.
        setError(e.message);
      } else setError(ROLE_MESSAGES.saveFailed);
    } finally {
      setSaving(null);
    }
  }

  return (
    <AuthCard
      title="How will you use PyClass?"
      subtitle="Choose once: this sets up the right dashboard for you."
    >
      {error && (
        <div className="mb-4">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <div className="grid gap-3">
        {choices.map((c) => (
          <button
            key={c.role}
            type="button"
            disabled={saving !== null}
            onClick={() => choose(c.role)}
            className="flex items-start gap-4 rounded-xl border border-slate-200 p-4 text-left transition hover:border-brand-500 hover:bg-brand-50 disabled:opacity-60"
          >
            <c.icon className="mt-0.5 size-6 shrink-0 text-brand-600" aria-hidden />
            <span>
              <span className="block font-semibold text-slate-900">
                {saving === c.role ? "Saving…" : c.title}
              </span>
              <span className="block text-sm text-slate-600">{c.text}</span>
            </span>
          </button>
        ))}
      </div>
    </AuthCard>
  );
}
