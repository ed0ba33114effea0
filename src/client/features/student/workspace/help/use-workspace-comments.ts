// Which comments the workspace shows beside the code: those on the latest hand-in and those of the
// help answer; the gutter markers follow them (and the code as it is typed).
import { useEffect, useMemo, useState } from "react";
import { useWorkComments } from "@/client/api/comments.ts";
import type { CodeComment } from "@/shared/api/comments.ts";
import type { HelpRequest } from "@/shared/api/help.ts";
import { commentMarkers } from "./comment-markers.ts";

export function useWorkspaceComments(
  assignmentId: string,
  latestFinalId: string | null,
  help: HelpRequest | null,
) {
  const all = useWorkComments(assignmentId, null).data;
  const [markers] = useState(commentMarkers);
  const shown: CodeComment[] = useMemo(
    () =>
      (all ?? []).filter(
        (c) =>
          (latestFinalId !== null && c.submissionId === latestFinalId) ||
          (help !== null && c.helpRequestId === help.id),
      ),
    [all, latestFinalId, help],
  );
  useEffect(() => markers.show(shown), [markers, shown]);
  /** Comments on one hand-in (Previous Submissions). */
  const onSubmission = (id: string) => (all ?? []).filter((c) => c.submissionId === id);
  return { shown, extension: markers.extension, onSubmission };
}
