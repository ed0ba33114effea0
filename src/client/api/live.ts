// The live lesson (issue 20): the class teacher's summary of every student this lesson, one
// student's current code, and the server-sent stream that says when to read them again. Nothing
// polls: the stream's `changed` (and `hello`, on every (re)connect) invalidates the queries.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "@/client/lib/api.ts";
import { LIVE_EVENTS, type LiveStudentView, type LiveSummary } from "@/shared/api/live.ts";

export const liveKeys = {
  all: ["live"] as const,
  ofClass: (classId: string) => [...liveKeys.all, classId] as const,
  summary: (classId: string, assignmentId: string | null) =>
    [...liveKeys.ofClass(classId), "summary", assignmentId ?? "any"] as const,
  student: (classId: string, studentId: string, assignmentId: string | null) =>
    [...liveKeys.ofClass(classId), "student", studentId, assignmentId ?? "any"] as const,
};

const base = (classId: string) => `/api/classes/${encodeURIComponent(classId)}/live`;
const query = (assignmentId: string | null) =>
  assignmentId ? `?assignmentId=${encodeURIComponent(assignmentId)}` : "";

export const fetchLiveSummary = (classId: string, assignmentId: string | null) =>
  api<LiveSummary>(`${base(classId)}${query(assignmentId)}`);
export const fetchLiveStudent = (classId: string, studentId: string, assignmentId: string | null) =>
  api<LiveStudentView>(`${base(classId)}/students/${encodeURIComponent(studentId)}${query(assignmentId)}`);

export const liveSummaryQuery = (classId: string, assignmentId: string | null) =>
  queryOptions({
    queryKey: liveKeys.summary(classId, assignmentId),
    queryFn: () => fetchLiveSummary(classId, assignmentId),
    retry: 1,
    // Idle minutes move with the clock even when nobody acts: read again once a minute too.
    refetchInterval: 60_000,
  });
export const liveStudentQuery = (classId: string, studentId: string, assignmentId: string | null) =>
  queryOptions({
    queryKey: liveKeys.student(classId, studentId, assignmentId),
    queryFn: () => fetchLiveStudent(classId, studentId, assignmentId),
    retry: 1,
    refetchInterval: 60_000,
  });

export const useLiveSummary = (classId: string, assignmentId: string | null) =>
  useQuery(liveSummaryQuery(classId, assignmentId));
export const useLiveStudent = (classId: string, studentId: string, assignmentId: string | null) =>
  useQuery(liveStudentQuery(classId, studentId, assignmentId));

export type LiveConnection = "connecting" | "live" | "reconnecting";

/**
 * Keeps the class's live stream open while the page is: every `hello` (a (re)connect) and
 * `changed` re-reads the class's live queries. EventSource reconnects by itself (the server's
 * `retry:`); a stream the server refused or ended for good (signed out, not your class) is
 * retried slowly and the queries say why.
 */
export function useLiveStream(classId: string): LiveConnection {
  const client = useQueryClient();
  const [state, setState] = useState<LiveConnection>("connecting");
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const refresh = () => void client.invalidateQueries({ queryKey: liveKeys.ofClass(classId) });
    const open = () => {
      source = new EventSource(`${base(classId)}/stream`, { withCredentials: true });
      source.addEventListener(LIVE_EVENTS.hello, () => {
        setState("live");
        refresh();
      });
      source.addEventListener(LIVE_EVENTS.changed, refresh);
      source.onerror = () => {
        if (closed) return;
        setState("reconnecting");
        // CLOSED: the browser gave up (an error status); try again ourselves, slowly.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(open, 10_000);
        }
      };
    };
    open();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [classId, client]);
  return state;
}
