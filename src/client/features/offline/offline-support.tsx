// The signed-in shell's offline support (decision 068): registers the service worker once Python
// is ready, forgets the reads kept for offline when another user signs in on this browser, sends
// the hand-ins queued offline when the connection is back (and every 30 s while any wait), and
// shows the offline notice and the new-version banner.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { assignmentKeys } from "@/client/api/assignments.ts";
import { exerciseKeys } from "@/client/api/exercises.ts";
import { useMe } from "@/client/api/me.ts";
import { submissionKeys } from "@/client/api/submissions.ts";
import { forgetOfflineReads } from "@/client/lib/offline-reads.ts";
import { OfflineNotice, UpdateBanner } from "./offline-notices.tsx";
import { sendQueuedHandIns } from "./send-hand-ins.ts";
import { registerServiceWorker } from "./service-worker.ts";

const RETRY_MS = 30_000;

const LAST_USER_KEY = "pyclass:offline-user";

export function OfflineSupport() {
  const qc = useQueryClient();
  const userId = useMe().data?.id ?? null;

  useEffect(() => {
    if (!userId) return;
    try {
      if (localStorage.getItem(LAST_USER_KEY) !== userId) {
        void forgetOfflineReads();
        localStorage.setItem(LAST_USER_KEY, userId);
      }
    } catch {
      // No storage: nothing kept to forget either.
    }
  }, [userId]);

  useEffect(() => {
    if (!userId) return;
    const send = () =>
      void sendQueuedHandIns(userId, ({ kind, targetId }) => {
        if (kind === "submission") {
          void qc.invalidateQueries({ queryKey: submissionKeys.ofAssignment(targetId) });
          void qc.invalidateQueries({ queryKey: assignmentKeys.list() });
        } else {
          void qc.invalidateQueries({ queryKey: exerciseKeys.detail(targetId) });
          void qc.invalidateQueries({ queryKey: exerciseKeys.list() });
        }
      });
    send();
    window.addEventListener("online", send);
    const timer = setInterval(send, RETRY_MS);
    return () => {
      window.removeEventListener("online", send);
      clearInterval(timer);
    };
  }, [userId, qc]);

  useEffect(() => {
    let cancelled = false;
    // Read again what is on screen through the new worker, so it is kept for an offline reload.
    const onFirstControl = () => void qc.refetchQueries({ type: "active" });
    const register = () => {
      if (!cancelled) void registerServiceWorker({ onFirstControl }).catch(() => {});
    };
    import("@/client/python/python-runtime.ts")
      .then(({ getPythonRuntime }) => getPythonRuntime().start())
      .then(register, register);
    return () => {
      cancelled = true;
    };
  }, [qc]);

  return (
    <>
      <OfflineNotice />
      <UpdateBanner />
    </>
  );
}
