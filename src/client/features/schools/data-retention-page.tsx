// /data-retention, "How long we keep data": the periods in force on this server, read from it
// (the admin sets them; decision 062). Public, so a school can check before anyone signs up.
import { useRetention } from "@/client/api/retention.ts";
import { Loading } from "@/client/components/ui/loading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { PageHeader } from "@/client/features/public/index.ts";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import {
  describeActivityPeriod,
  EXPIRED_SESSION_KEPT_DAYS,
  MAIL_KEPT_DAYS,
  type RetentionInForce,
} from "@/shared/api/retention.ts";

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

function rows({ policy, accountDeletionGraceDays }: RetentionInForce): [string, string][] {
  return [
    [
      "How you worked on an assignment (runs, typing, pastes) and help requests",
      `Kept ${describeActivityPeriod(policy.activityDays)}, then deleted.`,
    ],
    [
      "Code you handed in, test results, grades and your teacher's comments",
      `Kept while the class is used. Deleted ${plural(policy.classWorkYears, "year")} after anyone last did anything in the class.`,
    ],
    [
      "An account nobody signs in to",
      `After ${plural(policy.inactiveAccountMonths, "month")} without a sign-in we send an e-mail. If nobody signs in within ${plural(policy.inactiveGraceDays, "day")}, the account and its work are deleted.`,
    ],
    [
      "An account you delete yourself",
      `Deleted ${plural(accountDeletionGraceDays ?? 14, "day")} after you confirm. Signing in before then cancels it. Your teacher's mark sheet keeps your grade as "Former student", with no name or code.`,
    ],
    [
      "Where you are signed in: when, your internet (IP) address and your browser",
      `Deleted when you sign out there, or everywhere with "Sign out everywhere" in Settings. A sign-in you never end stops working about a week after you last used PyClass, and is deleted ${plural(EXPIRED_SESSION_KEPT_DAYS, "day")} after that.`,
    ],
    ['"Download my data" files', `Deleted ${plural(policy.exportDays, "day")} after they were made.`],
    [
      "The admin's audit log: who downloaded or deleted data, moved a class, changed someone's role or the periods on this page (it stores account numbers, not names or e-mail addresses)",
      `Deleted ${plural(policy.auditLogMonths, "month")} after each entry was written.`,
    ],
    [
      "Copies of the e-mails PyClass sends (sign-up links, password resets, warnings), kept so whoever runs PyClass can see that a message went out",
      `Deleted ${plural(MAIL_KEPT_DAYS, "day")} after they were sent.`,
    ],
  ];
}

export function DataRetentionPage() {
  usePageTitle("How long we keep data");
  const retention = useRetention();
  return (
    <>
      <PageHeader eyebrow="Your data" title="How long we keep data">
        We keep things only as long as they help you learn. A job deletes older data once a day.
      </PageHeader>
      <div className="mx-auto max-w-4xl px-4 py-12 text-slate-800">
        {retention.isPending ? (
          <Loading text="Reading this server's periods..." />
        ) : retention.isError ? (
          <QueryError
            what="the retention periods"
            error={retention.error}
            onRetry={() => retention.refetch()}
          />
        ) : (
          <>
            <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {rows(retention.data).map(([what, how]) => (
                <div key={what} className="grid gap-1 p-4 sm:grid-cols-[2fr_3fr] sm:gap-4">
                  <dt className="font-medium text-slate-900">{what}</dt>
                  <dd>{how}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-slate-600">
              {retention.data.source === "admin"
                ? `This school's admin set these periods on ${new Date(retention.data.updatedAt ?? "").toLocaleDateString("en-GB")}.`
                : "These are PyClass's standard periods; this school's admin has not changed them."}{" "}
              The school year ends on 31 August.
            </p>
          </>
        )}
      </div>
    </>
  );
}
