// Submissions: a student's own (Run Tests attempts and Submit Code), a student's as their teacher
// sees them, and grading.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { CreateSubmissionBody, GradeBody, Submission } from "@/shared/api/assignments.ts";
import { assignmentKeys } from "./assignments.ts";
import { dashboardKeys } from "./dashboard.ts";

const onAssignment = (assignmentId: string) =>
  `/api/assignments/${encodeURIComponent(assignmentId)}/submissions`;

export const submissionKeys = {
  all: ["submissions"] as const,
  ofAssignment: (assignmentId: string) => [...submissionKeys.all, assignmentId] as const,
  mine: (assignmentId: string) => [...submissionKeys.ofAssignment(assignmentId), "mine"] as const,
  ofStudent: (assignmentId: string, studentId: string) =>
    [...submissionKeys.ofAssignment(assignmentId), "student", studentId] as const,
};

/** Newest first, each with its per-test results. */
export const fetchMySubmissions = (assignmentId: string) => api<Submission[]>(onAssignment(assignmentId));
export const fetchStudentSubmissions = (assignmentId: string, studentId: string) =>
  api<Submission[]>(`${onAssignment(assignmentId)}?studentId=${encodeURIComponent(studentId)}`);
export const createSubmission = (assignmentId: string, body: CreateSubmissionBody) =>
  api<Submission>(onAssignment(assignmentId), { method: "POST", body });
export const gradeSubmission = (submissionId: string, body: GradeBody) =>
  api<Submission>(`/api/submissions/${encodeURIComponent(submissionId)}/grade`, { method: "PUT", body });

export const mySubmissionsQuery = (assignmentId: string) =>
  queryOptions({
    queryKey: submissionKeys.mine(assignmentId),
    queryFn: () => fetchMySubmissions(assignmentId),
  });
export const studentSubmissionsQuery = (assignmentId: string, studentId: string) =>
  queryOptions({
    queryKey: submissionKeys.ofStudent(assignmentId, studentId),
    queryFn: () => fetchStudentSubmissions(assignmentId, studentId),
  });

export const useMySubmissions = (assignmentId: string) => useQuery(mySubmissionsQuery(assignmentId));
export const useStudentSubmissions = (assignmentId: string, studentId: string) =>
  useQuery(studentSubmissionsQuery(assignmentId, studentId));

export function useCreateSubmission(assignmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSubmissionBody) => createSubmission(assignmentId, body),
    onSuccess: (_saved, body) => {
      qc.invalidateQueries({ queryKey: submissionKeys.mine(assignmentId) });
      if (body.final) qc.invalidateQueries({ queryKey: assignmentKeys.list() });
    },
  });
}

export function useGradeSubmission(assignmentId: string, studentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, body }: { submissionId: string; body: GradeBody }) =>
      gradeSubmission(submissionId, body),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: submissionKeys.ofStudent(assignmentId, studentId) });
      qc.invalidateQueries({ queryKey: assignmentKeys.progress(assignmentId) });
      qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
