// One recorder per visit to an assignment's (or a library exercise's, decision 072) workspace: made
// with the page, its timer and listeners started in an effect, and what it holds handed to the
// queue when the page goes. `enabled` false (a teacher trying an exercise): never started, so
// nothing is sent; the page leaves its extension out of the editor too.
import { useEffect, useState } from "react";
import { ActivityRecorder } from "./activity-recorder.ts";

export function useActivityRecorder(
  userId: string,
  work: string | { exerciseId: string },
  enabled = true,
): ActivityRecorder {
  const [recorder] = useState(
    () =>
      new ActivityRecorder(
        typeof work === "string" ? { userId, assignmentId: work } : { userId, exerciseId: work.exerciseId },
      ),
  );
  useEffect(() => {
    if (!enabled) return;
    recorder.start();
    return () => recorder.stop();
  }, [recorder, enabled]);
  return recorder;
}
