// /api/assignments/:id/similarity: the class teacher's similarity report of one assignment and the
// side-by-side view of one pair (issue 18). The report can take a moment on a large year group
// (the server compares every pair on a worker thread), so it is kept a minute before re-reading.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { SimilarityPairDetail, SimilarityReport } from "@/shared/api/similarity.ts";

export const similarityKeys = {
  all: ["similarity"] as const,
  report: (assignmentId: string) => [...similarityKeys.all, assignmentId] as const,
  pair: (assignmentId: string, left: string, right: string) =>
    [...similarityKeys.all, assignmentId, "pair", left, right] as const,
};

const base = (assignmentId: string) => `/api/assignments/${encodeURIComponent(assignmentId)}/similarity`;

export const fetchSimilarityReport = (assignmentId: string) => api<SimilarityReport>(base(assignmentId));
export const fetchSimilarityPair = (assignmentId: string, left: string, right: string) =>
  api<SimilarityPairDetail>(
    `${base(assignmentId)}/pairs/${encodeURIComponent(left)}/${encodeURIComponent(right)}`,
  );

/** A 404 (not found or not yours) is final; one retry covers a passing network failure. */
export const similarityReportQuery = (assignmentId: string) =>
  queryOptions({
    queryKey: similarityKeys.report(assignmentId),
    queryFn: () => fetchSimilarityReport(assignmentId),
    staleTime: 60_000,
    retry: 1,
  });
export const similarityPairQuery = (assignmentId: string, left: string, right: string) =>
  queryOptions({
    queryKey: similarityKeys.pair(assignmentId, left, right),
    queryFn: () => fetchSimilarityPair(assignmentId, left, right),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const useSimilarityReport = (assignmentId: string) => useQuery(similarityReportQuery(assignmentId));
/** Only while a pair is chosen (`left` and `right` both set). */
export const useSimilarityPair = (assignmentId: string, left: string | null, right: string | null) =>
  useQuery({
    ...similarityPairQuery(assignmentId, left ?? "", right ?? ""),
    enabled: Boolean(left && right),
  });
