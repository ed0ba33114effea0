import { useQuery } from "@tanstack/react-query";
import type { TeacherDashboard } from "../../../../shared/api/assignments.ts";
import { api } from "../../../lib/api.ts";
import { teacherKeys } from "../teacher-query-keys.ts";

export const fetchTeacherDashboard = () => api<TeacherDashboard>("/api/teacher/dashboard");

export function useTeacherDashboard() {
  return useQuery({ queryKey: teacherKeys.dashboard(), queryFn: fetchTeacherDashboard });
}
