// The workspace's list of hand-ins made offline and not yet sent (decision 068).
import { CloudUpload } from "lucide-react";
import { formatDateTime } from "@/client/lib/format.ts";
import type { HandInKind } from "./hand-in-queue.ts";
import { useQueuedHandIns } from "./use-queued-hand-ins.ts";

export const WAITING_TO_SEND = "Waiting to send";

export function WaitingToSend({
  userId,
  kind,
  targetId,
}: {
  userId: string | null;
  kind: HandInKind;
  targetId: string;
}) {
  const waiting = useQueuedHandIns(userId, kind, targetId);
  if (waiting.length === 0) return null;
  return (
    <section
      aria-labelledby="waiting-to-send"
      data-testid="waiting-to-send"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <h3 id="waiting-to-send" className="flex items-center gap-2 font-semibold">
        <CloudUpload className="size-4" aria-hidden /> {WAITING_TO_SEND}
      </h3>
      <ul className="mt-2 space-y-1">
        {waiting.map((h) =>
          h.kind === "submission" ? (
            <li key={h.id}>
              Submit Code made {formatDateTime(h.madeAt)}: kept on this device and sent when the connection
              comes back. PyClass checks it then, and it counts as handed in when you made it.
            </li>
          ) : (
            <li key={h.id}>
              Save made {formatDateTime(h.madeAt)}: kept on this device and sent when the connection comes
              back. PyClass checks it then.
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
