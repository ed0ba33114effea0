// The workspaces' "Visualise" button: runs the code recording each step (input() is answered in
// the console, as with Run), then the visualiser panel shows the steps.
import { Footprints } from "lucide-react";
import { Button } from "@/client/components/ui/button.tsx";
import type { CodeRunner } from "@/client/features/workspace/index.ts";

export function VisualiseButton({ runner, onVisualise }: { runner: CodeRunner; onVisualise: () => void }) {
  return (
    <Button
      variant="secondary"
      onClick={onVisualise}
      busy={runner.busy === "visualise"}
      disabled={runner.busy !== null || runner.state === "loading"}
      title="Run your code one step at a time and see its variables"
    >
      <Footprints className="size-4" aria-hidden />{" "}
      {runner.busy === "visualise" ? "Recording steps…" : "Visualise"}
    </Button>
  );
}
