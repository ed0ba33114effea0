// 'Import tests from GitHub Classroom' on an assignment: autograding.json or classroom.yml → a
// preview of each test (added, or why not) and what the file holds that PyClass doesn't carry →
// 'Add N tests' puts the carried ones after the assignment's own, all or none (decision 065).
import { ListPlus } from "lucide-react";
import { useId, useState } from "react";
import { useImportClassroomTests, usePreviewClassroom } from "@/client/api/interchange.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { type ClassroomPreview, INTERCHANGE_LIMITS } from "@/shared/api/interchange.ts";
import { readImportFile } from "./read-file.ts";

type Step = { kind: "file" } | { kind: "preview"; text: string; preview: ClassroomPreview };

export function ClassroomTestsDialog({
  assignmentId,
  onAdded,
}: {
  assignmentId: string;
  onAdded: (n: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: "file" });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewClassroom();
  const add = useImportClassroomTests();
  const busy = preview.isPending || add.isPending;
  const fileId = useId();

  async function read() {
    setError(null);
    const read = await readImportFile(file);
    if (!read.ok) return setError(read.message);
    try {
      setStep({ kind: "preview", text: read.text, preview: await preview.mutateAsync(read.text) });
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function confirm(text: string) {
    setError(null);
    try {
      const { added } = await add.mutateAsync({ assignmentId, file: text });
      setOpen(false);
      onAdded(added);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const carried = step.kind === "preview" ? step.preview.tests.filter((t) => t.test !== null).length : 0;

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setStep({ kind: "file" });
          setFile(null);
          setError(null);
          setOpen(true);
        }}
      >
        <ListPlus className="size-4" aria-hidden />
        Import tests
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => !busy && setOpen(o)}
        title="Import tests from GitHub Classroom"
        description={`A .github/classroom/autograding.json or a .github/workflows/classroom.yml (at most ${INTERCHANGE_LIMITS.fileBytes / 1024 / 1024} MB). Tests that give the program input and compare its whole output are added after this assignment's own; you see which before anything is saved.`}
        wide
        dirty={step.kind === "preview"}
      >
        {step.kind === "file" ? (
          <div className="space-y-4">
            <div>
              <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-700">
                Autograding file (.json or .yml)
              </label>
              <input
                id={fileId}
                type="file"
                accept=".json,.yml,.yaml,application/json,text/yaml"
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800"
                onChange={(e) => {
                  setError(null);
                  setFile(e.target.files?.[0] ?? null);
                }}
              />
            </div>
            <div aria-live="polite">{error && <Alert tone="error">{error}</Alert>}</div>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={read} busy={preview.isPending}>
                Preview
              </Button>
            </div>
          </div>
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
            {step.preview.notCarried.length > 0 && (
              <div className="rounded-md bg-amber-50 p-2 text-sm text-amber-950">
                <p className="font-medium">Not carried into PyClass</p>
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {step.preview.notCarried.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                </ul>
              </div>
            )}
            <div aria-live="polite">{error && <Alert tone="error">{error}</Alert>}</div>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setStep({ kind: "file" })} disabled={busy}>
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
