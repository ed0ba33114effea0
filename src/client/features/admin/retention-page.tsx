// /admin/retention: the admin sets how long PyClass keeps each kind of data (decision 062). The
// values apply from the next daily run; the public "How long we keep data" page shows them.
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { useRetention, useSaveRetention } from "@/client/api/retention.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { TextField } from "@/client/components/ui/field.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SelectField } from "@/client/components/ui/select-field.tsx";
import { DEFAULT_RETENTION, RETENTION_BOUNDS, RetentionPolicy } from "@/shared/api/retention.ts";

type NumberKey = Exclude<keyof RetentionPolicy, "activityDays">;
type Form = Record<NumberKey | "activityDays", string> & { activityMode: "school-year" | "days" };

const FIELDS: { key: NumberKey; label: string; unit: string; hint: string }[] = [
  {
    key: "classWorkYears",
    label: "Class work (submissions, grades, comments, help requests)",
    unit: "years",
    hint: "after the class's last activity",
  },
  {
    key: "inactiveAccountMonths",
    label: "Accounts nobody signs in to",
    unit: "months",
    hint: "without a sign-in before the owner is warned by e-mail",
  },
  {
    key: "inactiveGraceDays",
    label: "Time to sign in after the warning",
    unit: "days",
    hint: "then the account and its work are deleted",
  },
  { key: "exportDays", label: '"Download my data" files', unit: "days", hint: "after they were prepared" },
  {
    key: "auditLogMonths",
    label: "Audit log entries (exports, deletions, transfers, role changes)",
    unit: "months",
    hint: "after they were written",
  },
];

// The numbered periods come from FIELDS both ways, so a new period is one entry there.
const toForm = (p: RetentionPolicy): Form => ({
  activityMode: p.activityDays === null ? "school-year" : "days",
  activityDays: String(p.activityDays ?? 365),
  ...(Object.fromEntries(FIELDS.map((f) => [f.key, String(p[f.key])])) as Record<NumberKey, string>),
});

const num = (s: string) => (s.trim() === "" ? Number.NaN : Number(s));

export function RetentionPage() {
  const current = useRetention();
  const save = useSaveRetention();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof RetentionPolicy, string>>>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (current.data && !form) setForm(toForm(current.data.policy));
  }, [current.data, form]);

  const heading = (
    <PageHeading
      title="Data retention"
      subtitle="How long PyClass keeps each kind of data. A daily job deletes what is older and records counts in the audit log."
    />
  );
  if (current.isPending || (current.data && !form))
    return (
      <>
        {heading}
        <Loading text="Loading the retention policy..." />
      </>
    );
  if (current.isError)
    return (
      <>
        {heading}
        <QueryError what="the retention policy" error={current.error} onRetry={() => current.refetch()} />
      </>
    );
  if (!form) return heading;

  const set = (key: keyof Form, value: string) => {
    setSaved(false);
    setForm({ ...form, [key]: value });
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    const checked = RetentionPolicy.safeParse({
      activityDays: form.activityMode === "school-year" ? null : num(form.activityDays),
      ...Object.fromEntries(FIELDS.map((f) => [f.key, num(form[f.key])])),
    });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path[0], i.message])));
      return;
    }
    setErrors({});
    save.mutate(checked.data, { onSuccess: () => setSaved(true) });
  }

  return (
    <>
      {heading}
      <Card className="max-w-3xl p-5">
        <p className="mb-4 text-sm text-slate-700">
          {current.data.source === "defaults"
            ? "These are the safe defaults; nobody has changed them yet."
            : `Last changed ${new Date(current.data.updatedAt ?? "").toLocaleString("en-GB")}.`}{" "}
          Everyone can read the values in force on{" "}
          <Link to="/data-retention" className="font-medium text-brand-700 underline">
            How long we keep data
          </Link>
          .
        </p>
        <form onSubmit={submit} noValidate className="space-y-4">
          {saved && <Alert tone="success">Saved. The next daily run uses these periods.</Alert>}
          {save.isError && <Alert tone="error">Could not save: {save.error.message}</Alert>}
          <fieldset className="space-y-3">
            <legend className="font-medium text-slate-900">Activity history (the replay record)</legend>
            <SelectField
              label="Keep it"
              value={form.activityMode}
              onChange={(e) => set("activityMode", e.target.value)}
            >
              <option value="school-year">Until the end of the school year (31 August)</option>
              <option value="days">For a number of days</option>
            </SelectField>
            {form.activityMode === "days" && (
              <TextField
                label="Days"
                inputMode="numeric"
                value={form.activityDays}
                onChange={(e) => set("activityDays", e.target.value)}
                error={errors.activityDays}
                hint={`${RETENTION_BOUNDS.activityDays.min} to ${RETENTION_BOUNDS.activityDays.max} days`}
              />
            )}
          </fieldset>
          {FIELDS.map((f) => (
            <TextField
              key={f.key}
              label={`${f.label} (${f.unit})`}
              inputMode="numeric"
              value={form[f.key]}
              onChange={(e) => set(f.key, e.target.value)}
              error={errors[f.key]}
              hint={`${f.hint}. ${RETENTION_BOUNDS[f.key].min} to ${RETENTION_BOUNDS[f.key].max}; default ${DEFAULT_RETENTION[f.key]}.`}
            />
          ))}
          <p className="text-sm text-slate-600">
            "Delete my account" waits {current.data.accountDeletionGraceDays ?? 14} days before erasing; the
            operator sets that (ACCOUNT_DELETION_GRACE_DAYS).
          </p>
          <div className="flex gap-2">
            <Button type="submit" busy={save.isPending}>
              Save periods
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setErrors({});
                setSaved(false);
                setForm(toForm(DEFAULT_RETENTION));
              }}
            >
              Use the defaults
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
