// The activity record as the class's teacher reads it (and a student's own latest code, to carry
// on from another computer): one student's history of an assignment (the
// replay) and the paste evidence of every student on it (badges in the progress table and beside
// submissions). The browser's recorder writes with POST /api/activity. A library exercise's record
// is the student's own: their history of it ("Your history") and their latest code (decision 072).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { ActivityHistory, ExerciseHistory, LatestCode, PasteEvidence } from "@/shared/api/activity.ts";

const onAssignment = (assignmentId: string) => `/api/assignments/${encodeURIComponent(assignmentId)}`;

export const activityKeys = {
  all: ["activity"] as const,
  ofAssignment: (assignmentId: string) => [...activityKeys.all, assignmentId] as const,
  history: (assignmentId: string, studentId: string) =>
    [...activityKeys.ofAssignment(assignmentId), "student", studentId] as const,
  evidence: (assignmentId: string) => [...activityKeys.ofAssignment(assignmentId), "evidence"] as const,
  latestCode: (assignmentId: string) => [...activityKeys.ofAssignment(assignmentId), "latest-code"] as const,
  ofExercise: (exerciseId: string) => [...activityKeys.all, "exercise", exerciseId] as const,
  exerciseHistory: (exerciseId: string) => [...activityKeys.ofExercise(exerciseId), "history"] as const,
  exerciseLatestCode: (exerciseId: string) =>
    [...activityKeys.ofExercise(exerciseId), "latest-code"] as const,
};

const onExercise = (exerciseId: string) => `/api/exercises/${encodeURIComponent(exerciseId)}/activity`;

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

/** The student's own history of a library exercise, read when they open "Your history" (`enabled`). */
export const useExerciseHistory = (exerciseId: string, enabled: boolean) =>
  useQuery({
    queryKey: activityKeys.exerciseHistory(exerciseId),
    queryFn: () => api<ExerciseHistory>(onExercise(exerciseId)),
    enabled,
  });

/** As useLatestCode, for a library exercise (decision 072). */
export const useExerciseLatestCode = (exerciseId: string, ownSession: string, enabled: boolean) =>
  useQuery({
    queryKey: activityKeys.exerciseLatestCode(exerciseId),
    queryFn: () =>
      api<LatestCode>(`${onExercise(exerciseId)}/latest-code?notSession=${encodeURIComponent(ownSession)}`),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
