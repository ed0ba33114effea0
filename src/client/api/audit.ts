// /api/admin/audit: the audit log, newest first, a page at a time; the CSV is a plain link.
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { AuditAction, AuditPage } from "@/shared/api/audit.ts";

export const auditKeys = {
  all: ["audit"] as const,
  list: (action?: AuditAction) => ["audit", action ?? "all"] as const,
};

const query = (action?: AuditAction, before?: number) => {
  const params = new URLSearchParams();
  if (action) params.set("action", action);
  if (before) params.set("before", String(before));
  const s = params.toString();
  return s ? `?${s}` : "";
};

export const fetchAudit = (action?: AuditAction, before?: number) =>
  api<AuditPage>(`/api/admin/audit${query(action, before)}`);
export const auditCsvUrl = (action?: AuditAction) => `/api/admin/audit.csv${query(action)}`;

export const useAudit = (action?: AuditAction) =>
  useInfiniteQuery({
    queryKey: auditKeys.list(action),
    queryFn: ({ pageParam }) => fetchAudit(action, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
