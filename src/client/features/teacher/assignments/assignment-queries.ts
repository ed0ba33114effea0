import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AssignmentProgress,
  CreateAssignmentBody,
  TeacherAssignmentDetail,
  TeacherAssignmentListItem,
  UpdateAssignmentBody,
} from "../../../../shared/api/assignments.ts";
import { api } from "../../../lib/api.ts";
import { teacherKeys } from "../teacher-query-keys.ts";

const path = (id: string) => `/api/assignments/${encodeURIComponent(id)}`;

export const fetchAssignments = () => api<TeacherAssignmentListItem[]>("/api/assignments");
export const fetchAssignment = (id: string) => api<TeacherAssignmentDetail>(path(id));
export const fetchAssignmentProgress = (id: string) => api<AssignmentProgress>(`${path(id)}/progress`);
export const createAssignment = (body: CreateAssignmentBody) =>
  api<TeacherAssignmentDetail>("/api/assignments", { method: "POST", body });
export const updateAssignment = (id: string, body: UpdateAssignmentBody) =>
  api<TeacherAssignmentDetail>(path(id), { method: "PATCH", body });

export const assignmentExportUrl = (id: string) => `${path(id)}/export.csv`;

export function useAssignments() {
  return useQuery({ queryKey: teacherKeys.assignments(), queryFn: fetchAssignments });
}

export function useAssignment(id: string) {
  return useQuery({ queryKey: teacherKeys.assignment(id), queryFn: () => fetchAssignment(id) });
}

export function useAssignmentProgress(id: string) {
  return useQuery({ queryKey: teacherKeys.progress(id), queryFn: () => fetchAssignmentProgress(id) });
}

export function useCreateAssignment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createAssignment,
    onSuccess: (created) => {
      qc.setQueryData(teacherKeys.assignment(created.id), created);
      qc.invalidateQueries({ queryKey: teacherKeys.assignments(), exact: true });
      qc.invalidateQueries({ queryKey: teacherKeys.dashboard() });
    },
  });
}

export function useUpdateAssignment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAssignmentBody) => updateAssignment(id, body),
    onSuccess: (updated) => {
      qc.setQueryData(teacherKeys.assignment(id), updated);
      qc.invalidateQueries({ queryKey: teacherKeys.assignments(), exact: true });
      qc.invalidateQueries({ queryKey: teacherKeys.progress(id) });
      qc.invalidateQueries({ queryKey: teacherKeys.dashboard() });
    },
  });
}
