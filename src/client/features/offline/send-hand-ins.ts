// Sends this user's queued hand-ins, oldest first, when there is a connection (decision 068). The
// server grades each as any Submit Code or Save. A claimed time it can't believe (MADE_AT_REFUSED)
// is sent again without one: the work is handed in now rather than lost. A hand-in the server can
// never take (the assignment gone, the class left) leaves the queue; the draft stays in the
// workspace. Anything else (no connection, a busy grader) stays queued for the next try.
import { saveExerciseAttempt } from "@/client/api/exercises.ts";
import { createSubmission } from "@/client/api/submissions.ts";
import { ApiError, hasErrorCode } from "@/client/lib/api.ts";
import { type QueuedHandIn, queuedHandIns, removeHandIn } from "./hand-in-queue.ts";

let sending = false;

const never = (e: unknown) => e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 429;

async function send(handIn: QueuedHandIn): Promise<unknown> {
  if (handIn.kind === "exercise-save") return saveExerciseAttempt(handIn.targetId, { code: handIn.code });
  const body = { code: handIn.code, final: true };
  return createSubmission(handIn.targetId, { ...body, madeAt: handIn.madeAt }).catch((e) => {
    if (hasErrorCode(e, "MADE_AT_REFUSED")) return createSubmission(handIn.targetId, body);
    throw e;
  });
}

export async function sendQueuedHandIns(
  userId: string,
  onSent: (handIn: QueuedHandIn) => void,
): Promise<void> {
  if (sending || !navigator.onLine) return;
  sending = true;
  try {
    for (const handIn of await queuedHandIns(userId)) {
      try {
        await send(handIn);
      } catch (e) {
        if (!never(e)) return;
      }
      await removeHandIn(handIn.id);
      onSent(handIn);
    }
  } catch {
    // IndexedDB unavailable: nothing was queued here either.
  } finally {
    sending = false;
  }
}
