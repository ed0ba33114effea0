// /api/admin: the exercise library's categories and exercises, Check, the JSON import and the
// classes overview. Admins only (the server decides; the admin area only hides itself).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { ClassesOverview } from "@/shared/api/admin.ts";
import type {
  AdminCategory,
  AdminExercise,
  CheckExerciseBody,
  CheckExerciseResult,
  CreateCategoryBody,
  CreateExerciseBody,
  ImportResult,
  UpdateCategoryBody,
  UpdateExerciseBody,
} from "@/shared/api/exercises.ts";
import { exerciseKeys } from "./exercises.ts";

const categoryPath = (id: string) => `/api/admin/categories/${encodeURIComponent(id)}`;
const exercisePath = (id: string) => `/api/admin/exercises/${encodeURIComponent(id)}`;

export const adminKeys = {
  all: ["admin"] as const,
  categories: () => [...adminKeys.all, "categories"] as const,
  exercises: () => [...adminKeys.all, "exercises"] as const,
  classesOverview: () => [...adminKeys.all, "classes-overview"] as const,
};

export const fetchAdminCategories = () => api<AdminCategory[]>("/api/admin/categories");
export const fetchAdminExercises = () => api<AdminExercise[]>("/api/admin/exercises");
export const fetchClassesOverview = () => api<ClassesOverview>("/api/admin/classes-overview");

export const createCategory = (body: CreateCategoryBody) =>
  api<AdminCategory>("/api/admin/categories", { body });
export const updateCategory = ({ id, body }: { id: string; body: UpdateCategoryBody }) =>
  api<AdminCategory>(categoryPath(id), { method: "PATCH", body });
export const deleteCategory = (id: string) => api<void>(categoryPath(id), { method: "DELETE" });

export const createExercise = (body: CreateExerciseBody) =>
  api<AdminExercise>("/api/admin/exercises", { body });
export const updateExercise = ({ id, body }: { id: string; body: UpdateExerciseBody }) =>
  api<AdminExercise>(exercisePath(id), { method: "PATCH", body });
export const deleteExercise = (id: string) => api<void>(exercisePath(id), { method: "DELETE" });

/** Check: the solution graded by the server against the tests being edited (nothing is saved). */
export const checkExercise = (body: CheckExerciseBody) =>
  api<CheckExerciseResult>("/api/admin/exercises/check", { body });
/** The import file's JSON as the body; the server validates each exercise. */
export const importExercises = (file: unknown) => api<ImportResult>("/api/admin/import", { body: file });

export const adminCategoriesQuery = () =>
  queryOptions({ queryKey: adminKeys.categories(), queryFn: fetchAdminCategories });
export const adminExercisesQuery = () =>
  queryOptions({ queryKey: adminKeys.exercises(), queryFn: fetchAdminExercises });
export const classesOverviewQuery = () =>
  queryOptions({ queryKey: adminKeys.classesOverview(), queryFn: fetchClassesOverview });

export const useAdminCategories = () => useQuery(adminCategoriesQuery());
export const useAdminExercises = () => useQuery(adminExercisesQuery());
export const useClassesOverview = () => useQuery(classesOverviewQuery());

/** Any library write changes the admin lists (counts included) and the library everyone browses. */
function useLibraryWrite<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: adminKeys.categories() });
      qc.invalidateQueries({ queryKey: adminKeys.exercises() });
      qc.invalidateQueries({ queryKey: exerciseKeys.all });
    },
  });
}

export const useCreateCategory = () => useLibraryWrite(createCategory);
export const useUpdateCategory = () => useLibraryWrite(updateCategory);
export const useDeleteCategory = () => useLibraryWrite(deleteCategory);
export const useCreateExercise = () => useLibraryWrite(createExercise);
export const useUpdateExercise = () => useLibraryWrite(updateExercise);
export const useDeleteExercise = () => useLibraryWrite(deleteExercise);
export const useImportExercises = () => useLibraryWrite(importExercises);
export const useCheckExercise = () => useMutation({ mutationFn: checkExercise });
