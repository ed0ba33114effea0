// A teacher's choice (decision 061): whether their students see their e-mail address on their
// classes. Shown by default, as the spec has it; the server leaves it out of every response when off.
import { useId } from "react";
import { usePrivacy, useSavePrivacy } from "@/client/api/privacy.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Card } from "@/client/components/ui/card.tsx";

export function EmailVisibilityCard() {
  const privacy = usePrivacy();
  const save = useSavePrivacy();
  const id = useId();
  const shown = privacy.data?.showEmailToStudents ?? true;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">What your students see</h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-4 accent-brand-600"
          checked={shown}
          disabled={privacy.isPending || save.isPending}
          onChange={(e) => save.mutate({ showEmailToStudents: e.target.checked })}
          aria-describedby={`${id}-hint`}
        />
        <div>
          <label htmlFor={id} className="font-medium text-slate-900">
            Show my e-mail address to my students
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            They see it on their class list and class page. Turn it off and they see only your name.
          </p>
        </div>
      </div>
      <div aria-live="polite" className="mt-3">
        {save.isSuccess && (
          <Alert tone="success">
            {save.data.showEmailToStudents
              ? "Your students can see your e-mail address."
              : "Your e-mail address is hidden from your students."}
          </Alert>
        )}
        {(save.isError || privacy.isError) && (
          <Alert tone="error">
            Could not {save.isError ? "save" : "load"} this setting. Please try again.
          </Alert>
        )}
      </div>
    </Card>
  );
}
