// /api/retention (public) and /api/admin/retention: the retention policy in force, and setting it.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { RetentionInForce, RetentionPolicy } from "@/shared/api/retention.ts";

export const retentionKeys = { all: ["retention"] as const };

export const fetchRetention = () => api<RetentionInForce>("/api/retention");
export const saveRetention = (policy: RetentionPolicy) =>
  api<RetentionInForce>("/api/admin/retention", { method: "PUT", body: policy });

export const retentionQuery = () => queryOptions({ queryKey: retentionKeys.all, queryFn: fetchRetention });
export const useRetention = () => useQuery(retentionQuery());

export function useSaveRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveRetention,
    onSuccess: (data) => qc.setQueryData(retentionKeys.all, data),
  });
}
