// /api/me: the signed-in user (with role) as server state — one query, refreshed after sign-in,
// sign-out, a name change and the role choice.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, hasErrorCode } from "@/client/lib/api.ts";
import { forgetOfflineReads } from "@/client/lib/offline-reads.ts";
import type { ChooseRoleBody, Me, UpdateMeBody } from "@/shared/api/me.ts";

export const meKeys = { all: ["me"] as const };

/**
 * The signed-in user, or null when nobody is signed in (or the read failed: spec 01 §8). A session
 * whose user no longer exists (404) is an error, shown as User not found., not a silent sign-out.
 */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>("/api/me");
  } catch (e) {
    if (hasErrorCode(e, "NOT_FOUND")) throw e;
    if (!hasErrorCode(e, "UNAUTHORIZED")) console.error("Session read failed", e);
    return null;
  }
}

/** True when the session's user is gone (GET /api/me answered 404). */
export const isUserNotFound = (error: unknown) => hasErrorCode(error, "NOT_FOUND");

export const meQuery = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: fetchMe,
    staleTime: 60_000,
    retry: (failures, error) => !isUserNotFound(error) && failures < 1,
  });

export const useMe = () => useQuery(meQuery());

export const updateMe = (body: UpdateMeBody) => api<Me>("/api/me", { method: "PATCH", body });
export const chooseRole = (body: ChooseRoleBody) => api<Me>("/api/me/role", { method: "POST", body });

export function useUpdateMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => qc.setQueryData(meKeys.all, me),
  });
}

export function useChooseRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: chooseRole,
    onSuccess: (me) => qc.setQueryData(meKeys.all, me),
  });
}

export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    // Loaded on demand: the auth client is not needed until someone signs in or out.
    const { authClient } = await import("@/client/lib/auth-client.ts");
    await authClient.signOut().catch(() => {});
    await forgetOfflineReads();
    qc.clear();
    qc.setQueryData(meKeys.all, null);
  };
}

/** Reads the user again (after sign-in, or when the server refused a second role choice). */
export function useRefreshMe() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: meKeys.all });
}
