// One recorder per visit to an assignment's workspace: made with the page, its timer and listeners
// started in an effect, and what it holds handed to the queue when the page goes.
import { useEffect, useState } from "react";
import { ActivityRecorder } from "./activity-recorder.ts";

export function useActivityRecorder(userId: string, assignmentId: string): ActivityRecorder {
  const [recorder] = useState(() => new ActivityRecorder({ userId, assignmentId }));
  useEffect(() => {
    recorder.start();
    return () => recorder.stop();
  }, [recorder]);
  return recorder;
}
