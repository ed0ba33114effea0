// /api/me/privacy: a teacher's choice to show their e-mail address to their students.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { TeacherPrivacy } from "@/shared/api/privacy.ts";

export const privacyKeys = { all: ["privacy"] as const };

export const fetchPrivacy = () => api<TeacherPrivacy>("/api/me/privacy");
export const savePrivacy = (choice: TeacherPrivacy) =>
  api<TeacherPrivacy>("/api/me/privacy", { method: "PUT", body: choice });

export const privacyQuery = () => queryOptions({ queryKey: privacyKeys.all, queryFn: fetchPrivacy });
export const usePrivacy = () => useQuery(privacyQuery());

export function useSavePrivacy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: savePrivacy,
    onSuccess: (data) => qc.setQueryData(privacyKeys.all, data),
  });
}
