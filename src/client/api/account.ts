// The user's own data rights (decisions 059, 060): "Download my data" exports, "Delete my account"
// and "Sign out everywhere".
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type {
  DataExport,
  DataExportList,
  DeleteAccountBody,
  DeletionConfirmed,
  DeletionStatus,
} from "@/shared/api/account.ts";
import { meKeys } from "./me.ts";

export const accountKeys = {
  all: ["account"] as const,
  exports: ["account", "exports"] as const,
  deletion: ["account", "deletion"] as const,
};

export const fetchExports = () => api<DataExportList>("/api/me/exports");
export const fetchDeletion = () => api<DeletionStatus>("/api/me/deletion");

/** While one is being prepared the list is read again every 2 s, so "Download" appears by itself. */
export const exportsQuery = () =>
  queryOptions({
    queryKey: accountKeys.exports,
    queryFn: fetchExports,
    refetchInterval: (q) => (q.state.data?.exports.some((e) => e.status === "preparing") ? 2000 : false),
  });
export const useExports = () => useQuery(exportsQuery());

export function useRequestExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<DataExport>("/api/me/exports", { method: "POST", body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.exports }),
  });
}

export const deletionQuery = () => queryOptions({ queryKey: accountKeys.deletion, queryFn: fetchDeletion });
export const useDeletion = (enabled = true) => useQuery({ ...deletionQuery(), enabled });

export function useRequestDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api<DeletionStatus>("/api/me/deletion", { method: "POST", body }),
    onSuccess: (status) => qc.setQueryData(accountKeys.deletion, status),
  });
}

/** Withdraws a request whose link was not opened, or dismisses the "not deleted" notice. */
export function useClearDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>("/api/me/deletion", { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.deletion }),
  });
}

export const confirmDeletion = (token: string) =>
  api<DeletionConfirmed>("/api/account/deletion/confirm", { method: "POST", body: { token } });

/** Every session ends, this one too: the cached user goes with it. */
export function useSignOutEverywhere() {
  const qc = useQueryClient();
  return async () => {
    await api<{ ended: number }>("/api/me/sessions/revoke", {
      method: "POST",
      body: { includeThisDevice: true },
    });
    qc.clear();
    qc.setQueryData(meKeys.all, null);
  };
}
