// /api/interchange: previews and imports of CodeRunner question banks and GitHub Classroom tests,
// and the CodeRunner XML downloads (decision 065). A preview saves nothing; an import refreshes
// what it added to (the assignment lists, one assignment's tests, the exercise library).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type {
  ClassroomImportResult,
  ClassroomPreview,
  CodeRunnerAssignmentsBody,
  CodeRunnerExercisesBody,
  CodeRunnerPreview,
  ImportCreated,
  ImportTarget,
} from "@/shared/api/interchange.ts";
import { adminKeys } from "./admin.ts";
import { assignmentKeys } from "./assignments.ts";
import { dashboardKeys } from "./dashboard.ts";
import { exerciseKeys } from "./exercises.ts";

const base = "/api/interchange";
const id = (value: string) => encodeURIComponent(value);

export const previewCodeRunner = ({ file, target }: { file: string; target: ImportTarget }) =>
  api<CodeRunnerPreview>(
    `${base}/coderunner/${target === "assignment" ? "assignments" : "exercises"}/preview`,
    {
      body: { file },
    },
  );
export const importCodeRunnerAssignments = (body: CodeRunnerAssignmentsBody) =>
  api<ImportCreated>(`${base}/coderunner/assignments`, { body });
export const importCodeRunnerExercises = (body: CodeRunnerExercisesBody) =>
  api<ImportCreated>(`${base}/coderunner/exercises`, { body });
export const previewClassroom = (file: string) =>
  api<ClassroomPreview>(`${base}/github-classroom/preview`, { body: { file } });
export const importClassroomTests = ({ assignmentId, file }: { assignmentId: string; file: string }) =>
  api<ClassroomImportResult>(`${base}/github-classroom/assignments/${id(assignmentId)}`, { body: { file } });

/** Downloads (a plain link: the browser saves the file the server names). */
export const assignmentCodeRunnerUrl = (assignmentId: string) =>
  `${base}/assignments/${id(assignmentId)}/coderunner.xml`;
export const exerciseCodeRunnerUrl = (exerciseId: string) =>
  `${base}/exercises/${id(exerciseId)}/coderunner.xml`;

export const usePreviewCodeRunner = () => useMutation({ mutationFn: previewCodeRunner });
export const usePreviewClassroom = () => useMutation({ mutationFn: previewClassroom });

export function useImportCodeRunnerAssignments() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importCodeRunnerAssignments,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: assignmentKeys.list() });
      qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

export function useImportCodeRunnerExercises() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importCodeRunnerExercises,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: adminKeys.all });
      qc.invalidateQueries({ queryKey: exerciseKeys.all });
    },
  });
}

export function useImportClassroomTests() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importClassroomTests,
    onSuccess: (_r, { assignmentId }) =>
      qc.invalidateQueries({ queryKey: assignmentKeys.detail(assignmentId) }),
  });
}
