// Which of the spec's three words the settings page says when it cannot read the account (spec 01
// Settings): the request never reached the server → "Failed to fetch user data"; the server
// answered with an error → "Failed to load user data"; the account is gone → "User not found.".
import { useQuery } from "@tanstack/react-query";
import { isUserNotFound } from "@/client/api/me.ts";
import { ApiError, api } from "@/client/lib/api.ts";
import type { Me } from "@/shared/api/me.ts";

export const LOAD_ERRORS = {
  fetchFailed: "Failed to fetch user data",
  loadFailed: "Failed to load user data",
  userNotFound: "User not found.",
} as const;

export function settingsLoadError(error: unknown): string {
  if (isUserNotFound(error)) return LOAD_ERRORS.userNotFound;
  // fetch() rejects (a TypeError) when there is no answer at all: offline, server down, blocked.
  if (!(error instanceof ApiError)) return LOAD_ERRORS.fetchFailed;
  return LOAD_ERRORS.loadFailed;
}

/**
 * Settings reads the account afresh when it opens (the shell's copy may be a minute old, and these
 * are the details about to be edited). The session query treats a failed read as signed out, so
 * this read, which keeps its error, is what lets the page say which read failed (issue 19 #15).
 */
export function useFreshAccountRead() {
  return useQuery({
    queryKey: ["settings", "account-read"],
    queryFn: () => api<Me>("/api/me"),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
