import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClassDetail, ClassSummary, CreateClassBody } from "../../../../shared/api/classes.ts";
import { api } from "../../../lib/api.ts";
import { teacherKeys } from "../teacher-query-keys.ts";

export const fetchClasses = () => api<ClassSummary[]>("/api/classes");
export const fetchClass = (id: string) => api<ClassDetail>(`/api/classes/${encodeURIComponent(id)}`);
export const createClass = (body: CreateClassBody) =>
  api<ClassSummary>("/api/classes", { method: "POST", body });

export const classExportUrl = (id: string) => `/api/classes/${encodeURIComponent(id)}/export.csv`;

export function useClasses() {
  return useQuery({ queryKey: teacherKeys.classes(), queryFn: fetchClasses });
}

export function useClass(id: string) {
  return useQuery({ queryKey: teacherKeys.class(id), queryFn: () => fetchClass(id) });
}

export function useCreateClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createClass,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: teacherKeys.classes() });
      qc.invalidateQueries({ queryKey: teacherKeys.dashboard() });
    },
  });
}
