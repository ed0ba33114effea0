// This user's hand-ins waiting to be sent for one assignment, kept current as the queue changes.
import { useEffect, useState } from "react";
import { type QueuedHandIn, queuedHandIns, subscribeHandIns } from "./hand-in-queue.ts";

export function useQueuedHandIns(userId: string | null, assignmentId: string): QueuedHandIn[] {
  const [waiting, setWaiting] = useState<QueuedHandIn[]>([]);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const read = () =>
      queuedHandIns(userId)
        .then((all) => live && setWaiting(all.filter((h) => h.assignmentId === assignmentId)))
        .catch(() => {});
    read();
    const unsubscribe = subscribeHandIns(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId, assignmentId]);
  return waiting;
}
