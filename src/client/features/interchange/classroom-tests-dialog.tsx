// 'Import tests from GitHub Classroom' on an assignment: autograding.json or classroom.yml → a
// preview of each test (added, or why not) and what the file holds that PyClass doesn't carry →
// 'Add N tests' puts the carried ones after the assignment's own, all or none (decision 065).
import { ListPlus } from "lucide-react";
import { useImportClassroomTests, usePreviewClassroom } from "@/client/api/interchange.ts";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { type ClassroomPreview, INTERCHANGE_LIMITS } from "@/shared/api/interchange.ts";
import { ImportFileStep, ImportStatus, NotCarried } from "./import-steps.tsx";
import { useImportFile } from "./use-import-file.ts";

export function ClassroomTestsDialog({
  assignmentId,
  onAdded,
}: {
  assignmentId: string;
  onAdded: (n: number) => void;
}) {
  const preview = usePreviewClassroom();
  const add = useImportClassroomTests();
  const dialog = useImportFile<ClassroomPreview>((text) => preview.mutateAsync(text));
  const { step } = dialog;
  const busy = preview.isPending || add.isPending;

  const confirm = (text: string) =>
    dialog.attempt(async () => {
      const { added } = await add.mutateAsync({ assignmentId, file: text });
      dialog.setOpen(false);
      onAdded(added);
    });

  const carried = step.kind === "preview" ? step.preview.tests.filter((t) => t.test !== null).length : 0;

  return (
    <>
      <Button variant="secondary" onClick={dialog.start}>
        <ListPlus className="size-4" aria-hidden />
        Import tests
      </Button>
      <Dialog
        open={dialog.open}
        onOpenChange={(o) => !busy && dialog.setOpen(o)}
        title="Import tests from GitHub Classroom"
        description={`A .github/classroom/autograding.json or a .github/workflows/classroom.yml (at most ${INTERCHANGE_LIMITS.fileBytes / 1024 / 1024} MB). Tests that give the program input and compare its whole output are added after this assignment's own; you see which before anything is saved.`}
        wide
        dirty={step.kind === "preview"}
      >
        {step.kind === "file" ? (
          <ImportFileStep
            dialog={dialog}
            label="Autograding file (.json or .yml)"
            accept=".json,.yml,.yaml,application/json,text/yaml"
            reading={preview.isPending}
            busy={busy}
          />
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              {step.preview.source}: {carried} of {step.preview.tests.length}{" "}
              {step.preview.tests.length === 1 ? "test" : "tests"} can be added. Nothing is saved until you
              press Add.
            </p>
            <ul className="space-y-2" aria-label="Tests in the file">
              {step.preview.tests.map((t, i) => (
                <li key={`${t.name}-${i}`} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-words text-slate-900">{t.name}</span>
                    {t.test ? (
                      <Badge tone="green">Will be added</Badge>
                    ) : (
                      <Badge tone="red">Not carried</Badge>
                    )}
                  </p>
                  {t.reasons.length > 0 && (
                    <ul className="mt-1 list-disc space-y-1 pl-5 text-amber-950">
                      {t.reasons.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
            <NotCarried items={step.preview.notCarried} />
            <ImportStatus error={dialog.error} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={dialog.back} disabled={busy}>
                Back
              </Button>
              <Button onClick={() => confirm(step.text)} busy={add.isPending} disabled={carried === 0}>
                Add {carried} {carried === 1 ? "test" : "tests"}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
