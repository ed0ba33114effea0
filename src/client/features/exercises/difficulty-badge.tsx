import { Badge } from "@/client/components/ui/badge.tsx";
import type { ExerciseDifficulty } from "@/shared/api/exercises.ts";
import { DIFFICULTY_BADGE } from "./exercise-rows.ts";

export function DifficultyBadge({ difficulty }: { difficulty: ExerciseDifficulty }) {
  const { text, tone } = DIFFICULTY_BADGE[difficulty];
  return <Badge tone={tone}>{text}</Badge>;
}
