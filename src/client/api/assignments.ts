// /api/assignments: lists and details (the server shapes them by role: a teacher gets every test
// case, a student no hidden case's content), create, edit, the progress view and the CSV export.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type {
  AssignmentDeletionImpact,
  AssignmentProgress,
  CreateAssignmentBody,
  StudentAssignmentDetail,
  StudentAssignmentListItem,
  TeacherAssignmentDetail,
  TeacherAssignmentListItem,
  UpdateAssignmentBody,
} from "@/shared/api/assignments.ts";
import { dashboardKeys } from "./dashboard.ts";

const path = (id: string) => `/api/assignments/${encodeURIComponent(id)}`;

export const assignmentKeys = {
  all: ["assignments"] as const,
  list: () => [...assignmentKeys.all, "list"] as const,
  detail: (id: string) => [...assignmentKeys.all, "detail", id] as const,
  progress: (id: string) => [...assignmentKeys.detail(id), "progress"] as const,
  deletion: (id: string) => [...assignmentKeys.detail(id), "deletion"] as const,
};

export const fetchTeacherAssignments = () => api<TeacherAssignmentListItem[]>("/api/assignments");
export const fetchStudentAssignments = () => api<StudentAssignmentListItem[]>("/api/assignments");
export const fetchTeacherAssignment = (id: string) => api<TeacherAssignmentDetail>(path(id));
export const fetchStudentAssignment = (id: string) => api<StudentAssignmentDetail>(path(id));
export const fetchAssignmentProgress = (id: string) => api<AssignmentProgress>(`${path(id)}/progress`);
export const createAssignment = (body: CreateAssignmentBody) =>
  api<TeacherAssignmentDetail>("/api/assignments", { method: "POST", body });
export const updateAssignment = (id: string, body: UpdateAssignmentBody) =>
  api<TeacherAssignmentDetail>(path(id), { method: "PATCH", body });

export const fetchAssignmentDeletion = (id: string) => api<AssignmentDeletionImpact>(`${path(id)}/deletion`);
export const deleteAssignment = (id: string) => api<void>(path(id), { method: "DELETE" });
export const assignmentExportUrl = (id: string) => `${path(id)}/export.csv`;

export const teacherAssignmentsQuery = () =>
  queryOptions({ queryKey: assignmentKeys.list(), queryFn: fetchTeacherAssignments });
export const studentAssignmentsQuery = () =>
  queryOptions({ queryKey: assignmentKeys.list(), queryFn: fetchStudentAssignments });
export const teacherAssignmentQuery = (id: string) =>
  queryOptions({ queryKey: assignmentKeys.detail(id), queryFn: () => fetchTeacherAssignment(id) });
/** Not found or not yours is a 404: no point retrying it. */
export const studentAssignmentQuery = (id: string) =>
  queryOptions({
    queryKey: assignmentKeys.detail(id),
    queryFn: () => fetchStudentAssignment(id),
    retry: false,
  });
export const assignmentProgressQuery = (id: string) =>
  queryOptions({ queryKey: assignmentKeys.progress(id), queryFn: () => fetchAssignmentProgress(id) });

export const useTeacherAssignments = () => useQuery(teacherAssignmentsQuery());
export const useStudentAssignments = () => useQuery(studentAssignmentsQuery());
export const useTeacherAssignment = (id: string) => useQuery(teacherAssignmentQuery(id));
export const useStudentAssignment = (id: string) => useQuery(studentAssignmentQuery(id));
export const useAssignmentProgress = (id: string) => useQuery(assignmentProgressQuery(id));
/** What deleting the assignment would take with it; read fresh each time the question is asked. */
export const useAssignmentDeletion = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: assignmentKeys.deletion(id),
    queryFn: () => fetchAssignmentDeletion(id),
    staleTime: 0,
    enabled,
  });

export function useDeleteAssignment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    onSuccess: (_void, id) => {
      qc.removeQueries({ queryKey: assignmentKeys.detail(id) });
      qc.invalidateQueries({ queryKey: assignmentKeys.list() });
      qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

export function useCreateAssignment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createAssignment,
    onSuccess: (created) => {
      qc.setQueryData(assignmentKeys.detail(created.id), created);
      qc.invalidateQueries({ queryKey: assignmentKeys.list() });
      qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

export function useUpdateAssignment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAssignmentBody) => updateAssignment(id, body),
    onSuccess: (updated) => {
      qc.setQueryData(assignmentKeys.detail(id), updated);
      qc.invalidateQueries({ queryKey: assignmentKeys.list() });
      qc.invalidateQueries({ queryKey: assignmentKeys.progress(id) });
      qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
