// /api/teacher/dashboard: the teacher's counts and recent assignments.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { TeacherDashboard } from "@/shared/api/assignments.ts";

export const dashboardKeys = { all: ["dashboard"] as const };

export const fetchTeacherDashboard = () => api<TeacherDashboard>("/api/teacher/dashboard");

export const teacherDashboardQuery = () =>
  queryOptions({ queryKey: dashboardKeys.all, queryFn: fetchTeacherDashboard });

export const useTeacherDashboard = () => useQuery(teacherDashboardQuery());
