import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GradeBody, Submission } from "../../../../shared/api/assignments.ts";
import { api } from "../../../lib/api.ts";
import { teacherKeys } from "../teacher-query-keys.ts";

/** A student's submissions on an assignment, newest first, each with its per-test results. */
export const fetchStudentSubmissions = (assignmentId: string, studentId: string) =>
  api<Submission[]>(
    `/api/assignments/${encodeURIComponent(assignmentId)}/submissions?studentId=${encodeURIComponent(studentId)}`,
  );

export const gradeSubmission = (submissionId: string, body: GradeBody) =>
  api<Submission>(`/api/submissions/${encodeURIComponent(submissionId)}/grade`, { method: "PUT", body });

export function useStudentSubmissions(assignmentId: string, studentId: string) {
  return useQuery({
    queryKey: teacherKeys.submissions(assignmentId, studentId),
    queryFn: () => fetchStudentSubmissions(assignmentId, studentId),
  });
}

export function useGradeSubmission(assignmentId: string, studentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, body }: { submissionId: string; body: GradeBody }) =>
      gradeSubmission(submissionId, body),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: teacherKeys.submissions(assignmentId, studentId) });
      qc.invalidateQueries({ queryKey: teacherKeys.progress(assignmentId) });
      qc.invalidateQueries({ queryKey: teacherKeys.dashboard() });
    },
  });
}
