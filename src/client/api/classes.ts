// /api/classes: a teacher's own classes, a student's joined classes, joining and leaving.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { ClassDetail, ClassSummary, CreateClassBody } from "@/shared/api/classes.ts";
import { assignmentKeys } from "./assignments.ts";
import { dashboardKeys } from "./dashboard.ts";

const path = (id: string) => `/api/classes/${encodeURIComponent(id)}`;

export const classKeys = {
  all: ["classes"] as const,
  list: () => [...classKeys.all, "list"] as const,
  detail: (id: string) => [...classKeys.all, "detail", id] as const,
};

export const fetchClasses = () => api<ClassSummary[]>("/api/classes");
export const fetchClass = (id: string) => api<ClassDetail>(path(id));
export const createClass = (body: CreateClassBody) =>
  api<ClassSummary>("/api/classes", { method: "POST", body });
export const joinClass = (code: string) => api<ClassSummary>("/api/classes/join", { body: { code } });
export const leaveClass = (id: string) => api<void>(`${path(id)}/membership`, { method: "DELETE" });

export const classExportUrl = (id: string) => `${path(id)}/export.csv`;

export const classesQuery = () => queryOptions({ queryKey: classKeys.list(), queryFn: fetchClasses });
/** A class that is not yours is a 404: no point retrying it. */
export const classQuery = (id: string) =>
  queryOptions({ queryKey: classKeys.detail(id), queryFn: () => fetchClass(id), retry: false });

export const useClasses = () => useQuery(classesQuery());
export const useClass = (id: string) => useQuery(classQuery(id));

export function useCreateClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createClass,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: classKeys.list() });
      qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

/** Joining or leaving changes the student's classes and the assignments they see. */
function useMembershipChange<T>(mutationFn: (arg: string) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: classKeys.all });
      qc.invalidateQueries({ queryKey: assignmentKeys.list() });
    },
  });
}

export const useJoinClass = () => useMembershipChange(joinClass);
export const useLeaveClass = () => useMembershipChange(leaveClass);
