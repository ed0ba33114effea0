// /admin/audit: who exported, deleted, transferred, changed a role or ran retention, and when
// (decision 061). Newest first, 100 at a time, filtered by action; the CSV holds all of it.
import { Download } from "lucide-react";
import { useState } from "react";
import { auditCsvUrl, useAudit } from "@/client/api/audit.ts";
import { Button, buttonClass } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SelectField } from "@/client/components/ui/select-field.tsx";
import { Table, TableBody, TableHead, TableRow, TableScroll, Td, Th } from "@/client/components/ui/table.tsx";
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from "@/shared/api/audit.ts";

const when = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});

/** The entry's target and details in words an admin reads at a glance. */
function what(e: AuditEntry): string {
  const parts: string[] = [];
  const d = e.details;
  if (typeof d.className === "string") parts.push(`class "${d.className}"`);
  else if (e.targetType && e.targetId) parts.push(`${e.targetType} ${e.targetId.slice(0, 8)}`);
  if (typeof d.from === "string" && typeof d.to === "string") parts.push(`${d.from} → ${d.to}`);
  if (e.action === "retention.run")
    parts.push(
      Object.entries(d)
        .filter(([k, v]) => typeof v === "number" && v > 0 && k !== "asOf")
        .map(([k, v]) => `${v} ${k}`)
        .join(", ") || "nothing was due",
    );
  return parts.join("; ");
}

export function AuditLogPage() {
  const [action, setAction] = useState<AuditAction | "">("");
  const log = useAudit(action || undefined);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <>
      <PageHeading
        title="Audit log"
        subtitle="Exports, deletions, class transfers, role changes and retention runs: who, what and when."
        actions={
          <a href={auditCsvUrl(action || undefined)} download className={buttonClass("secondary")}>
            <Download className="size-4" aria-hidden />
            Download CSV
          </a>
        }
      />
      <Card className="p-5">
        <div className="mb-4 max-w-sm">
          <SelectField
            label="Show"
            value={action}
            onChange={(e) => setAction(e.target.value as AuditAction | "")}
          >
            <option value="">Every action</option>
            {Object.entries(AUDIT_ACTIONS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
        {log.isPending ? (
          <Loading text="Loading the audit log..." />
        ) : log.isError ? (
          <QueryError what="the audit log" error={log.error} onRetry={() => log.refetch()} />
        ) : entries.length === 0 ? (
          <p className="text-slate-700">Nothing recorded yet.</p>
        ) : (
          <TableScroll label="Audit log entries">
            <Table caption="Audit log, newest first">
              <TableHead>
                <TableRow>
                  <Th>When</Th>
                  <Th>Action</Th>
                  <Th>Who</Th>
                  <Th>What</Th>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((e) => (
                  <TableRow key={e.id}>
                    <Td className="whitespace-nowrap">{when.format(new Date(e.at))}</Td>
                    <Td>{e.label}</Td>
                    <Td>{e.actor}</Td>
                    <Td className="break-words">{what(e)}</Td>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        )}
        {log.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-4"
            busy={log.isFetchingNextPage}
            onClick={() => log.fetchNextPage()}
          >
            Show older entries
          </Button>
        )}
      </Card>
    </>
  );
}
