// Overdue or Handed in late beside the assignment's due date (issue 19 #7): the rule of the
// teacher's Late column (src/shared/domain/late-work.ts), in words, not colour alone.
import { Badge } from "@/client/components/ui/badge.tsx";
import { LATE_WORK_LABELS, lateWorkState } from "@/shared/domain/late-work.ts";

export function LateWorkBadge({
  dueDate,
  handedInAt,
}: {
  dueDate: string | null;
  handedInAt: string | null;
}) {
  const state = lateWorkState(dueDate, handedInAt);
  if (state === null) return null;
  return (
    <Badge tone={state === "overdue" ? "red" : "yellow"} data-testid="late-work">
      {LATE_WORK_LABELS[state]}
    </Badge>
  );
}
