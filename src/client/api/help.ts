// Help requests (issue 20): the student's "I'm stuck" on an assignment (raise, withdraw, read the
// answer) and the class teacher's queue (answer, resolve). The student's workspace keeps its own
// live stream open (GET /api/me/live/stream): each ping re-reads their request and comments, and
// while the stream is down an open request is read again every 5 s. The teacher's queue sits under
// the live lesson's keys, so the class's live stream (api/live.ts) refreshes it.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "@/client/lib/api.ts";
import type {
  AnswerHelpBody,
  HelpQueue,
  HelpRequest,
  MyHelpRequest,
  RaiseHandBody,
} from "@/shared/api/help.ts";
import { STUDENT_LIVE_EVENTS } from "@/shared/api/help.ts";
import { commentKeys } from "./comments.ts";
import { liveKeys } from "./live.ts";

/** Without the stream, how often a waiting student's page asks again. */
export const HELP_POLL_MS = 5_000;

export const helpKeys = {
  all: ["help"] as const,
  mine: (assignmentId: string) => [...helpKeys.all, "mine", assignmentId] as const,
  queue: (classId: string) => [...liveKeys.ofClass(classId), "help"] as const,
};

const onAssignment = (assignmentId: string) => `/api/assignments/${encodeURIComponent(assignmentId)}/help`;

export const fetchMyHelpRequest = (assignmentId: string) =>
  api<MyHelpRequest>(`${onAssignment(assignmentId)}/mine`);
export const raiseHand = (assignmentId: string, body: RaiseHandBody) =>
  api<HelpRequest>(onAssignment(assignmentId), { method: "POST", body });
export const withdrawHelp = (assignmentId: string) =>
  api<void>(onAssignment(assignmentId), { method: "DELETE" });
export const fetchHelpQueue = (classId: string) =>
  api<HelpQueue>(`/api/classes/${encodeURIComponent(classId)}/help`);
export const answerHelp = (id: string, body: AnswerHelpBody) =>
  api<HelpRequest>(`/api/help/${encodeURIComponent(id)}/answer`, { method: "POST", body });
export const resolveHelp = (id: string) =>
  api<HelpRequest>(`/api/help/${encodeURIComponent(id)}/resolve`, { method: "POST" });

export const myHelpRequestQuery = (assignmentId: string) =>
  queryOptions({ queryKey: helpKeys.mine(assignmentId), queryFn: () => fetchMyHelpRequest(assignmentId) });
export const helpQueueQuery = (classId: string) =>
  queryOptions({
    queryKey: helpKeys.queue(classId),
    queryFn: () => fetchHelpQueue(classId),
    // Waiting minutes move with the clock even when nobody acts.
    refetchInterval: 60_000,
  });

/** The student's request on this assignment; polled every 5 s while one is open and `poll` is set. */
export const useMyHelpRequest = (assignmentId: string, poll = false) =>
  useQuery({
    ...myHelpRequestQuery(assignmentId),
    refetchInterval: (q) => (poll && q.state.data?.request?.status === "open" ? HELP_POLL_MS : false),
  });
export const useHelpQueue = (classId: string) => useQuery(helpQueueQuery(classId));

export function useHelpMutations(assignmentId: string) {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: helpKeys.mine(assignmentId) });
  return {
    raise: useMutation({ mutationFn: (body: RaiseHandBody) => raiseHand(assignmentId, body), onSuccess }),
    withdraw: useMutation({ mutationFn: () => withdrawHelp(assignmentId), onSuccess }),
  };
}

export function useAnswerMutations(classId: string) {
  const qc = useQueryClient();
  const onSuccess = (answered: HelpRequest) => {
    qc.invalidateQueries({ queryKey: helpKeys.queue(classId) });
    qc.invalidateQueries({ queryKey: commentKeys.ofAssignment(answered.assignmentId) });
  };
  return {
    answer: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AnswerHelpBody }) => answerHelp(id, body),
      onSuccess,
    }),
    resolve: useMutation({ mutationFn: (id: string) => resolveHelp(id), onSuccess }),
  };
}

/**
 * The student's live stream while the workspace is open: `hello` (each (re)connect) and `changed`
 * re-read their help request and comments. Returns whether it is connected now, so the caller polls
 * when it is not. EventSource reconnects by itself; a refused stream is retried after 30 s.
 */
export function useStudentStream(): boolean {
  const qc = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const refresh = () => {
      void qc.invalidateQueries({ queryKey: helpKeys.all });
      void qc.invalidateQueries({ queryKey: commentKeys.all });
    };
    const open = () => {
      source = new EventSource("/api/me/live/stream", { withCredentials: true });
      source.addEventListener(STUDENT_LIVE_EVENTS.hello, () => {
        setLive(true);
        refresh();
      });
      source.addEventListener(STUDENT_LIVE_EVENTS.changed, refresh);
      source.onerror = () => {
        if (closed) return;
        setLive(false);
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(open, 30_000);
        }
      };
    };
    open();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [qc]);
  return live;
}
