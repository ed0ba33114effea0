// /api/exercises: the library as the caller sees it (browser list with their own completion), one
// exercise for the workspace, the solution for teachers (fetched only on demand), and Save — the
// server grades the code and says whether the exercise is completed.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/client/lib/api.ts";
import type {
  ExerciseAttemptDetail,
  ExerciseAttemptPage,
  ExerciseDetail,
  ExerciseList,
  ExerciseSolution,
  SaveAttemptBody,
  SaveAttemptResult,
} from "@/shared/api/exercises.ts";

const path = (id: string) => `/api/exercises/${encodeURIComponent(id)}`;

export const exerciseKeys = {
  all: ["exercises"] as const,
  list: () => [...exerciseKeys.all, "list"] as const,
  detail: (id: string) => [...exerciseKeys.all, "detail", id] as const,
  solution: (id: string) => [...exerciseKeys.detail(id), "solution"] as const,
  attempt: (id: string, attemptId: string) => [...exerciseKeys.detail(id), "attempt", attemptId] as const,
};

export const fetchExercises = () => api<ExerciseList>("/api/exercises");
export const fetchExercise = (id: string) => api<ExerciseDetail>(path(id));
export const fetchExerciseSolution = (id: string) => api<ExerciseSolution>(`${path(id)}/solution`);
export const fetchExerciseAttempt = (id: string, attemptId: string) =>
  api<ExerciseAttemptDetail>(`${path(id)}/attempts/${encodeURIComponent(attemptId)}`);
/** Past Saved beyond the first page: the caller's saves from the `offset`-th newest on. */
export const fetchExerciseAttempts = (id: string, offset: number) =>
  api<ExerciseAttemptPage>(`${path(id)}/attempts?offset=${offset}`);
export const saveExerciseAttempt = (id: string, body: SaveAttemptBody) =>
  api<SaveAttemptResult>(`${path(id)}/attempts`, { method: "POST", body });

/** A 404 (no such exercise, or no solution) will not change on retry. */
const retryUnlessMissing = (count: number, error: Error) =>
  !(error instanceof ApiError && [400, 403, 404].includes(error.status)) && count < 2;

export const exercisesQuery = () => queryOptions({ queryKey: exerciseKeys.list(), queryFn: fetchExercises });
export const exerciseQuery = (id: string) =>
  queryOptions({
    queryKey: exerciseKeys.detail(id),
    queryFn: () => fetchExercise(id),
    retry: retryUnlessMissing,
  });
export const exerciseSolutionQuery = (id: string) =>
  queryOptions({
    queryKey: exerciseKeys.solution(id),
    queryFn: () => fetchExerciseSolution(id),
    retry: retryUnlessMissing,
    staleTime: 5 * 60_000,
  });

export const useExercises = () => useQuery(exercisesQuery());
export const useExercise = (id: string) => useQuery(exerciseQuery(id));
/** A saved attempt's per-test results, fetched when its row is opened (`enabled`); they never change. */
export const useExerciseAttempt = (id: string, attemptId: string, enabled: boolean) =>
  useQuery({
    queryKey: exerciseKeys.attempt(id, attemptId),
    queryFn: () => fetchExerciseAttempt(id, attemptId),
    retry: retryUnlessMissing,
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
/** The solution is fetched only once a teacher asks for it (`enabled`). */
export const useExerciseSolution = (id: string, enabled: boolean) =>
  useQuery({ ...exerciseSolutionQuery(id), enabled });

/**
 * Save: the server re-grades the code. The workspace's copy takes the new Past Saved row and the
 * summary at once (no reload flicker); the browser list's completion counts are refreshed.
 */
export function useSaveExerciseAttempt(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAttemptBody) => saveExerciseAttempt(id, body),
    onSuccess: (saved) => {
      qc.setQueryData<ExerciseDetail>(exerciseKeys.detail(id), (old) =>
        old
          ? {
              ...old,
              isCompleted: saved.progress.isCompleted,
              progress: saved.progress,
              attempts: [saved.attempt, ...old.attempts],
              attemptsTotal: old.attemptsTotal + 1,
            }
          : old,
      );
      qc.invalidateQueries({ queryKey: exerciseKeys.list() });
    },
  });
}
