// "Download my data" (decision 059): ask, see it being prepared (the list polls), download the ZIP
// from here or from the e-mailed link, until it expires (after the admin's export period).
import { Download } from "lucide-react";
import { useExports, useRequestExport } from "@/client/api/account.ts";
import { useRetention } from "@/client/api/retention.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { problemText } from "@/client/components/ui/confirm-dialog.tsx";
import { formatDate, formatDateTime } from "@/client/lib/format.ts";
import type { DataExport } from "@/shared/api/account.ts";

const size = (bytes: number | null) =>
  bytes === null
    ? ""
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ExportRow({ e }: { e: DataExport }) {
  const asked = `Asked for ${formatDateTime(e.createdAt)}`;
  if (e.status === "ready" && e.downloadUrl)
    return (
      <li className="flex flex-wrap items-center justify-between gap-3 py-3">
        <span className="text-sm text-slate-700">
          {asked}. Ready until {formatDate(e.expiresAt)}.
        </span>
        <a
          href={e.downloadUrl}
          download
          className="inline-flex h-8 items-center gap-2 rounded-lg bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700"
        >
          <Download className="size-4" aria-hidden />
          Download ZIP ({size(e.sizeBytes)})
        </a>
      </li>
    );
  const text =
    e.status === "preparing"
      ? "Being prepared… we will also e-mail you when it is ready."
      : e.status === "expired"
        ? "Expired and deleted. Ask for a new copy if you need one."
        : "This one could not be prepared. Please ask again.";
  return (
    <li className="py-3 text-sm text-slate-700" aria-busy={e.status === "preparing"}>
      {asked}. {text}
    </li>
  );
}

export function MyDataCard() {
  const exports = useExports();
  // The admin's export period (the public policy that "How long we keep data" reads too).
  const exportDays = useRetention().data?.policy.exportDays;
  const keptFor = exportDays === undefined ? "a few days" : `${exportDays} day${exportDays === 1 ? "" : "s"}`;
  const request = useRequestExport();
  const list = exports.data?.exports ?? [];
  const preparing = list.some((e) => e.status === "preparing");
  return (
    <Card className="p-6" id="my-data">
      <h2 className="text-lg font-semibold">Your data</h2>
      <p className="mt-2 text-sm text-slate-700">
        Download a copy of everything PyClass keeps about you: your profile, classes, work and grades,
        comments, help requests, exercise saves, the history of your assignment work, where you are signed in
        and the audit log's entries about your account. You get one ZIP file with a <code>data.json</code>{" "}
        file you can read and each program as a <code>.py</code> file. It can take a minute; the file is kept
        for {keptFor}.
      </p>
      <div className="mt-4">
        <Button size="sm" onClick={() => request.mutate()} busy={request.isPending} disabled={preparing}>
          Download my data
        </Button>
      </div>
      {request.error && (
        <div className="mt-3">
          <Alert tone="error">{problemText(request.error)}</Alert>
        </div>
      )}
      {exports.error && (
        <div className="mt-3">
          <Alert tone="error">{problemText(exports.error)}</Alert>
        </div>
      )}
      {list.length > 0 && (
        <section aria-label="Your downloads" aria-live="polite" className="mt-3">
          <ul className="divide-y divide-slate-200">
            {list.map((e) => (
              <ExportRow key={e.id} e={e} />
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}
