// /api/insights: the teacher's Teaching Insights (own classes only; the server decides). The
// overview per class filter, a student's Performance Overview, an assignment's Details, and the
// two CSV exports (links, so the browser downloads them with the session cookie).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { AssignmentInsightDetail, InsightsOverview, StudentPerformance } from "@/shared/api/insights.ts";

const classQuery = (classId: string | null) =>
  classId ? `?${new URLSearchParams({ classId }).toString()}` : "";

export const insightsKeys = {
  all: ["insights"] as const,
  overview: (classId: string | null) => [...insightsKeys.all, "overview", classId ?? "all"] as const,
  student: (studentId: string, classId: string | null) =>
    [...insightsKeys.all, "student", studentId, classId ?? "all"] as const,
  assignment: (assignmentId: string) => [...insightsKeys.all, "assignment", assignmentId] as const,
};

export const fetchInsights = (classId: string | null) =>
  api<InsightsOverview>(`/api/insights${classQuery(classId)}`);
export const fetchStudentPerformance = (studentId: string, classId: string | null) =>
  api<StudentPerformance>(`/api/insights/students/${encodeURIComponent(studentId)}${classQuery(classId)}`);
export const fetchAssignmentInsight = (assignmentId: string) =>
  api<AssignmentInsightDetail>(`/api/insights/assignments/${encodeURIComponent(assignmentId)}`);

export const risksCsvUrl = (classId: string | null) => `/api/insights/risks.csv${classQuery(classId)}`;
export const assignmentsCsvUrl = (classId: string | null) =>
  `/api/insights/assignments.csv${classQuery(classId)}`;

/** Switching the class filter keeps the previous figures on screen until the new ones arrive. */
export const insightsQuery = (classId: string | null) =>
  queryOptions({
    queryKey: insightsKeys.overview(classId),
    queryFn: () => fetchInsights(classId),
    placeholderData: keepPreviousData,
  });
/** A 404 (not found or not yours) is final; one retry covers a passing network failure. */
export const studentPerformanceQuery = (studentId: string, classId: string | null) =>
  queryOptions({
    queryKey: insightsKeys.student(studentId, classId),
    queryFn: () => fetchStudentPerformance(studentId, classId),
    retry: 1,
  });
export const assignmentInsightQuery = (assignmentId: string) =>
  queryOptions({
    queryKey: insightsKeys.assignment(assignmentId),
    queryFn: () => fetchAssignmentInsight(assignmentId),
    retry: 1,
  });

export const useInsights = (classId: string | null) => useQuery(insightsQuery(classId));
export const useStudentPerformance = (studentId: string | null, classId: string | null) =>
  useQuery({ ...studentPerformanceQuery(studentId ?? "", classId), enabled: studentId !== null });
export const useAssignmentInsight = (assignmentId: string | null) =>
  useQuery({ ...assignmentInsightQuery(assignmentId ?? ""), enabled: assignmentId !== null });
