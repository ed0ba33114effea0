// The activity record as the class's teacher reads it (and a student's own latest code, to carry
// on from another computer): one student's history of an assignment (the
// replay) and the paste evidence of every student on it (badges in the progress table and beside
// submissions). The browser's recorder writes with POST /api/activity.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { ActivityHistory, LatestCode, PasteEvidence } from "@/shared/api/activity.ts";

const onAssignment = (assignmentId: string) => `/api/assignments/${encodeURIComponent(assignmentId)}`;

export const activityKeys = {
  all: ["activity"] as const,
  ofAssignment: (assignmentId: string) => [...activityKeys.all, assignmentId] as const,
  history: (assignmentId: string, studentId: string) =>
    [...activityKeys.ofAssignment(assignmentId), "student", studentId] as const,
  evidence: (assignmentId: string) => [...activityKeys.ofAssignment(assignmentId), "evidence"] as const,
  latestCode: (assignmentId: string) => [...activityKeys.ofAssignment(assignmentId), "latest-code"] as const,
};

/** Paste evidence by student id; a student with nothing recorded has no entry. */
export type PasteEvidenceByStudent = Record<string, PasteEvidence>;

export const fetchActivityHistory = (assignmentId: string, studentId: string) =>
  api<ActivityHistory>(`${onAssignment(assignmentId)}/students/${encodeURIComponent(studentId)}/activity`);
export const fetchPasteEvidence = (assignmentId: string) =>
  api<PasteEvidenceByStudent>(`${onAssignment(assignmentId)}/activity/evidence`);

export const activityHistoryQuery = (assignmentId: string, studentId: string) =>
  queryOptions({
    queryKey: activityKeys.history(assignmentId, studentId),
    queryFn: () => fetchActivityHistory(assignmentId, studentId),
  });
export const pasteEvidenceQuery = (assignmentId: string) =>
  queryOptions({
    queryKey: activityKeys.evidence(assignmentId),
    queryFn: () => fetchPasteEvidence(assignmentId),
  });

export const useActivityHistory = (assignmentId: string, studentId: string) =>
  useQuery(activityHistoryQuery(assignmentId, studentId));
export const usePasteEvidence = (assignmentId: string) => useQuery(pasteEvidenceQuery(assignmentId));

/**
 * The student's own latest recorded code (to carry on from another computer), from any session but
 * this workspace's own (`ownSession`, which records the code it opened with). Read once when the
 * workspace opens without a draft in this browser (`enabled`); a failure just means "none".
 */
export const useLatestCode = (assignmentId: string, ownSession: string, enabled: boolean) =>
  useQuery({
    queryKey: activityKeys.latestCode(assignmentId),
    queryFn: () =>
      api<LatestCode>(
        `${onAssignment(assignmentId)}/activity/latest-code?notSession=${encodeURIComponent(ownSession)}`,
      ),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
