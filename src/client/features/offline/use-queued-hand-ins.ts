// This user's hand-ins waiting to be sent for one assignment or exercise, kept current.
import { useEffect, useState } from "react";
import { type HandInKind, type QueuedHandIn, queuedHandIns, subscribeHandIns } from "./hand-in-queue.ts";

export function useQueuedHandIns(userId: string | null, kind: HandInKind, targetId: string): QueuedHandIn[] {
  const [waiting, setWaiting] = useState<QueuedHandIn[]>([]);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const read = () =>
      queuedHandIns(userId)
        .then((all) => live && setWaiting(all.filter((h) => h.kind === kind && h.targetId === targetId)))
        .catch(() => {});
    read();
    const unsubscribe = subscribeHandIns(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId, kind, targetId]);
  return waiting;
}
