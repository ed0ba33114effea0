// /api/classes: a teacher's own classes, a student's joined classes, joining and leaving; a
// teacher deleting a class or removing a student.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type {
  ClassDeletionImpact,
  ClassDetail,
  ClassSummary,
  CreateClassBody,
} from "@/shared/api/classes.ts";
import { assignmentKeys } from "./assignments.ts";
import { dashboardKeys } from "./dashboard.ts";

const path = (id: string) => `/api/classes/${encodeURIComponent(id)}`;

export const classKeys = {
  all: ["classes"] as const,
  list: () => [...classKeys.all, "list"] as const,
  detail: (id: string) => [...classKeys.all, "detail", id] as const,
  deletion: (id: string) => [...classKeys.detail(id), "deletion"] as const,
};

export const fetchClasses = () => api<ClassSummary[]>("/api/classes");
export const fetchClass = (id: string) => api<ClassDetail>(path(id));
export const createClass = (body: CreateClassBody) =>
  api<ClassSummary>("/api/classes", { method: "POST", body });
export const joinClass = (code: string) => api<ClassSummary>("/api/classes/join", { body: { code } });
export const leaveClass = (id: string) => api<void>(`${path(id)}/membership`, { method: "DELETE" });

export const fetchClassDeletion = (id: string) => api<ClassDeletionImpact>(`${path(id)}/deletion`);
export const deleteClass = (id: string) => api<void>(path(id), { method: "DELETE" });
export const removeMember = ({ classId, studentId }: { classId: string; studentId: string }) =>
  api<void>(`${path(classId)}/members/${encodeURIComponent(studentId)}`, { method: "DELETE" });

export const classExportUrl = (id: string) => `${path(id)}/export.csv`;

export const classesQuery = () => queryOptions({ queryKey: classKeys.list(), queryFn: fetchClasses });
/** A class that is not yours is a 404: no point retrying it. */
export const classQuery = (id: string) =>
  queryOptions({ queryKey: classKeys.detail(id), queryFn: () => fetchClass(id), retry: false });

/** What deleting the class would take with it; read fresh each time the question is asked. */
export const classDeletionQuery = (id: string) =>
  queryOptions({ queryKey: classKeys.deletion(id), queryFn: () => fetchClassDeletion(id), staleTime: 0 });

export const useClasses = () => useQuery(classesQuery());
export const useClass = (id: string) => useQuery(classQuery(id));
export const useClassDeletion = (id: string, enabled: boolean) =>
  useQuery({ ...classDeletionQuery(id), enabled });

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

/** Deleting a class takes its assignments and their submissions with it. */
export function useDeleteClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteClass,
    onSuccess: (_void, id) => {
      qc.removeQueries({ queryKey: classKeys.detail(id) });
      qc.invalidateQueries({ queryKey: classKeys.list() });
      qc.invalidateQueries({ queryKey: assignmentKeys.all });
      qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

/** A removed student's work stays on the assignment pages, marked "left the class". */
export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_void, { classId }) => {
      qc.invalidateQueries({ queryKey: classKeys.detail(classId) });
      qc.invalidateQueries({ queryKey: classKeys.list() });
      qc.invalidateQueries({ queryKey: assignmentKeys.all });
      qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
