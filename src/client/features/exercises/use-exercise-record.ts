// A library exercise's activity record in its workspace (decision 072): the recorder (students
// only; a teacher trying the exercise records nothing), and the code last recorded on another
// computer, opened when this browser holds no draft and it is newer than the last save, as the
// assignment workspace does (decision 046, 2026-11-26 note).
import { useEffect, useRef, useState } from "react";
import { useExerciseLatestCode } from "@/client/api/activity.ts";
import { type ActivityRecorder, useActivityRecorder } from "@/client/features/workspace/index.ts";
import type { ExerciseDetail } from "@/shared/api/exercises.ts";

type Draft = { code: string; setCode: (code: string) => void; restoredAt: number | null };

export function useExerciseRecord(
  exercise: ExerciseDetail,
  userId: string,
  recording: boolean,
  draft: Draft,
): { recorder: ActivityRecorder; fromElsewhere: string | null } {
  const recorder = useActivityRecorder(userId, { exerciseId: exercise.id }, recording);
  const recorded = useExerciseLatestCode(
    exercise.id,
    recorder.sessionId,
    recording && draft.restoredAt === null,
  );
  const [fromElsewhere, setFromElsewhere] = useState<string | null>(null);
  // The code the page opened with: typing before the answer comes wins over it.
  const [opened] = useState(draft.code);
  const settled = useRef(false);
  useEffect(() => {
    if (settled.current || recorded.isPending) return;
    settled.current = true;
    const latest = recorded.data;
    if (!latest || draft.code !== opened || latest.code === opened) return;
    const lastSaved = exercise.progress.lastSavedAt;
    if (lastSaved && Date.parse(latest.at) <= Date.parse(lastSaved)) return;
    recorder.restore(latest.code); // recorded as a restore, never as a paste
    draft.setCode(latest.code);
    setFromElsewhere(latest.at);
  }, [recorded.isPending, recorded.data, draft, opened, exercise.progress.lastSavedAt, recorder]);
  return { recorder, fromElsewhere };
}
