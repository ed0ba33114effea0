// The signed-in user (with role) as server state: one query, refreshed after sign-in,
// sign-out and role choice. A failed read counts as "no session" (spec 01 §8).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Me } from "../../shared/api/me.ts";
import { ApiError, api } from "../lib/api.ts";

export const meQueryKey = ["me"] as const;

async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>("/api/me");
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 404)) return null;
    console.error("Session read failed", e);
    return null;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });
}

export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    // Loaded on demand: the auth client is not needed until someone signs in or out.
    const { authClient } = await import("../lib/auth-client.ts");
    await authClient.signOut().catch(() => {});
    qc.clear();
    qc.setQueryData(meQueryKey, null);
  };
}

export function useRefreshMe() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: meQueryKey });
}
