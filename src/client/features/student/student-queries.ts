// The student area's server state: fetchers, query keys and hooks in one place.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  StudentAssignmentDetail,
  StudentAssignmentListItem,
  Submission,
} from "../../../shared/api/assignments.ts";
import type { ClassDetail, ClassSummary } from "../../../shared/api/classes.ts";
import { api } from "../../lib/api.ts";

export const studentKeys = {
  classes: ["student", "classes"] as const,
  class: (id: string) => ["student", "classes", id] as const,
  assignments: ["student", "assignments"] as const,
  assignment: (id: string) => ["student", "assignment", id] as const,
  submissions: (assignmentId: string) => ["student", "submissions", assignmentId] as const,
};

export const useMyClasses = () =>
  useQuery({ queryKey: studentKeys.classes, queryFn: () => api<ClassSummary[]>("/api/classes") });

export const useClassDetail = (id: string) =>
  useQuery({
    queryKey: studentKeys.class(id),
    queryFn: () => api<ClassDetail>(`/api/classes/${id}`),
    retry: false,
  });

export function useJoinClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<ClassSummary>("/api/classes/join", { body: { code } }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: studentKeys.classes });
      qc.invalidateQueries({ queryKey: studentKeys.assignments });
    },
  });
}

export function useLeaveClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (classId: string) => api<void>(`/api/classes/${classId}/membership`, { method: "DELETE" }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: studentKeys.classes });
      qc.invalidateQueries({ queryKey: studentKeys.assignments });
    },
  });
}

export const useMyAssignments = () =>
  useQuery({
    queryKey: studentKeys.assignments,
    queryFn: () => api<StudentAssignmentListItem[]>("/api/assignments"),
  });

export const useStudentAssignment = (id: string) =>
  useQuery({
    queryKey: studentKeys.assignment(id),
    queryFn: () => api<StudentAssignmentDetail>(`/api/assignments/${id}`),
    retry: false,
  });

export const useMySubmissions = (assignmentId: string, enabled = true) =>
  useQuery({
    queryKey: studentKeys.submissions(assignmentId),
    queryFn: () => api<Submission[]>(`/api/assignments/${assignmentId}/submissions`),
    enabled,
  });

export function useCreateSubmission(assignmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; final: boolean; browserResult?: { passed: number; total: number } }) =>
      api<Submission>(`/api/assignments/${assignmentId}/submissions`, { body }),
    onSuccess: (_s, body) => {
      qc.invalidateQueries({ queryKey: studentKeys.submissions(assignmentId) });
      if (body.final) qc.invalidateQueries({ queryKey: studentKeys.assignments });
    },
  });
}
