// Line comments (issue 20): a student's comments on one assignment (hand-ins and help answers), as
// the student or the class's teacher reads them; the teacher writes on a final submission, edits
// and deletes their own. The student's live stream (api/help.ts) re-reads them when they change.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { CodeComment, NewLineComment } from "@/shared/api/comments.ts";

export const commentKeys = {
  all: ["comments"] as const,
  ofAssignment: (assignmentId: string) => [...commentKeys.all, assignmentId] as const,
  /** `studentId` null: the signed-in student's own. */
  ofWork: (assignmentId: string, studentId: string | null) =>
    [...commentKeys.ofAssignment(assignmentId), studentId ?? "mine"] as const,
};

export const fetchWorkComments = (assignmentId: string, studentId: string | null) =>
  api<CodeComment[]>(
    `/api/assignments/${encodeURIComponent(assignmentId)}/comments${
      studentId ? `?studentId=${encodeURIComponent(studentId)}` : ""
    }`,
  );
export const addSubmissionComment = (submissionId: string, body: NewLineComment) =>
  api<CodeComment>(`/api/submissions/${encodeURIComponent(submissionId)}/comments`, { method: "POST", body });
export const editComment = (id: string, body: string) =>
  api<CodeComment>(`/api/comments/${encodeURIComponent(id)}`, { method: "PATCH", body: { body } });
export const deleteComment = (id: string) =>
  api<void>(`/api/comments/${encodeURIComponent(id)}`, { method: "DELETE" });

export const workCommentsQuery = (assignmentId: string, studentId: string | null) =>
  queryOptions({
    queryKey: commentKeys.ofWork(assignmentId, studentId),
    queryFn: () => fetchWorkComments(assignmentId, studentId),
  });

/** The comments on one student's work on an assignment; `studentId` null for the student's own. */
export const useWorkComments = (assignmentId: string, studentId: string | null) =>
  useQuery(workCommentsQuery(assignmentId, studentId));

/** The teacher's writes on one student's work: each refreshes that work's comments. */
export function useCommentMutations(assignmentId: string, studentId: string) {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: commentKeys.ofWork(assignmentId, studentId) });
  return {
    add: useMutation({
      mutationFn: ({ submissionId, body }: { submissionId: string; body: NewLineComment }) =>
        addSubmissionComment(submissionId, body),
      onSuccess,
    }),
    edit: useMutation({
      mutationFn: ({ id, body }: { id: string; body: string }) => editComment(id, body),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => deleteComment(id), onSuccess }),
  };
}
