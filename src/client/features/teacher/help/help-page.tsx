// /teacher/classes/:classId/help: the class's help queue on a page of its own (the live lesson page
// may mount the same panel). Follows the class's live stream, so raised hands appear without a reload.
import { useParams } from "react-router";
import { useLiveStream } from "@/client/api/live.ts";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { BackToClass } from "@/client/features/teacher/back-to-class.tsx";
import { HelpQueuePanel } from "./help-queue.tsx";

export function HelpPage() {
  const { classId = "" } = useParams();
  const connection = useLiveStream(classId);
  return (
    <div>
      <BackToClass classId={classId} />
      <PageHeading
        title="Help requests"
        className="mb-4"
        actions={
          <span className="text-sm text-slate-700" data-testid="live-connection">
            {connection === "live" ? "Live: new requests appear here" : "Connecting…"}
          </span>
        }
      />
      <HelpQueuePanel classId={classId} />
    </div>
  );
}
