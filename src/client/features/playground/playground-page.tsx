// /playground: try the Python runtime before the workspaces exist — editor, Run, Stop, inline
// input and a Run Tests panel. Any signed-in user; the route loads this file lazily.
import { useState } from "react";
import { Link } from "react-router";
import { CodeEditor } from "@/client/components/code/code-editor.tsx";
import { OutputConsole } from "@/client/components/code/output-console.tsx";
import { TurtleCanvas } from "@/client/components/code/turtle-canvas.tsx";
import { Badge, type BadgeTone } from "@/client/components/ui/badge.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { VisualiseButton, VisualiserPanel } from "@/client/features/visualiser/index.ts";
import {
  type CheckedGrade,
  consolePlaceholder,
  playgroundRows,
  runLabel,
  TestResults,
  useCodeRunner,
} from "@/client/features/workspace/index.ts";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import type { PythonState } from "@/client/python/python-runtime.ts";
import type { TestCase } from "@/shared/grading/types.ts";

const STARTER = `name = input("What is your name? ")
age = int(input("How old are you? "))
print(f"Hello {name}! Next year you will be {age + 1}.")
`;

const STATUS: Record<PythonState, { label: string; tone: BadgeTone }> = {
  loading: { label: "Starting Python…", tone: "slate" },
  ready: { label: "Ready", tone: "green" },
  running: { label: "Running", tone: "blue" },
  "waiting-for-input": { label: "Waiting for input", tone: "yellow" },
};

export function PlaygroundPage() {
  usePageTitle("Python playground");
  const python = useCodeRunner();
  const [code, setCode] = useState(STARTER);
  const [tests, setTests] = useState<TestCase[]>([
    { input: "Sam\n14", expectedOutput: "Hello Sam! Next year you will be 15." },
    {
      input: "Ada\n15",
      expectedOutput: "What is your name? Ada\nHow old are you? 15\nHello Ada! Next year you will be 16.",
    },
  ]);
  const [grade, setGrade] = useState<CheckedGrade | null>(null);
  const testsRunning = python.busy === "tests";
  const busy = python.running;
  const status = STATUS[python.state];

  const run = () => {
    if (!python.ready || !code.trim()) return;
    python.run(code);
  };

  const runTests = async () => {
    if (!python.ready) return;
    const result = await python.runTests(code, tests);
    if (result) setGrade(result);
  };

  const updateTest = (i: number, patch: Partial<TestCase>) =>
    setTests((all) => all.map((t, j) => (j === i ? { ...t, ...patch } : t)));

  return (
    <div className="mx-auto max-w-6xl p-4 md:p-6">
      <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Python playground</h1>
          <p className="text-sm text-slate-600">
            Write some Python and run it. Your code runs in your browser; nothing is saved.
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span data-testid="python-status">
            <Badge tone={status.tone}>{status.label}</Badge>
          </span>
          <Link to="/dashboard" className="text-sm text-brand-700 underline">
            Back to dashboard
          </Link>
        </div>
      </header>

      {python.loadError && (
        <div
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          Python could not start: {python.loadError}. Check your connection, then{" "}
          <button type="button" className="underline" onClick={python.retry}>
            try again
          </button>
          .
        </div>
      )}
      {python.inputMode === "rerun" && (
        <p className="mb-4 rounded-lg border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900">
          This browser window can't pause a program while it waits for input, so when your program asks a
          question it runs again from the start with your answers.
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="space-y-3 p-4">
          <CodeEditor value={code} onChange={setCode} onRun={run} />
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={run} disabled={python.state !== "ready"} busy={python.busy === "run"}>
              {runLabel(python, "Run")}
            </Button>
            <VisualiseButton runner={python} onVisualise={() => code.trim() && python.visualise(code)} />
            <Button variant="danger" onClick={python.stop} disabled={!busy}>
              Stop
            </Button>
            <span className="text-xs text-slate-500">Ctrl+Enter runs your code</span>
          </div>
        </Card>

        <div className="space-y-2">
          <h2 className="text-sm font-semibold text-slate-700">Output</h2>
          <OutputConsole
            output={python.output}
            warnings={python.warnings}
            waitingForInput={python.waitingForInput && !testsRunning}
            prompt={python.prompt}
            onInput={python.sendInput}
            code={python.ranCode}
            placeholder={consolePlaceholder(python, "Press Run to see your program's output here.")}
          />
          <TurtleCanvas drawing={python.drawing} />
        </div>
      </div>

      {python.visualisation && (
        <div className="mt-6">
          <VisualiserPanel
            visualisation={python.visualisation}
            currentCode={code}
            onClose={python.closeVisualisation}
          />
        </div>
      )}

      <Card className="mt-6 space-y-4 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Tests</h2>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              onClick={() => setTests((all) => [...all, { input: "", expectedOutput: "" }])}
            >
              Add test
            </Button>
            <Button
              onClick={runTests}
              disabled={python.state !== "ready" || tests.length === 0}
              busy={testsRunning}
            >
              {tests.length === 0 ? "No Tests Available" : "Run Tests"}
            </Button>
          </div>
        </div>
        <p className="text-sm text-slate-600">
          Each test runs your program with its input lines. Expected output may be written with or without the
          questions and answers.
        </p>
        <ol className="grid gap-3 md:grid-cols-2">
          {tests.map((t, i) => (
            <li key={i} className="space-y-2 rounded-lg border border-slate-200 p-3">
              <div className="flex items-center justify-between">
                <span className="text-sm font-medium">Test {i + 1}</span>
                {tests.length > 1 && (
                  <button
                    type="button"
                    className="text-xs text-red-700 underline"
                    onClick={() => setTests((all) => all.filter((_, j) => j !== i))}
                  >
                    Remove
                  </button>
                )}
              </div>
              <label className="block text-xs font-medium text-slate-600">
                Input (one line per answer)
                <textarea
                  className="mt-1 block w-full rounded border border-slate-300 p-2 font-mono text-sm"
                  rows={2}
                  value={t.input}
                  onChange={(e) => updateTest(i, { input: e.target.value })}
                />
              </label>
              <label className="block text-xs font-medium text-slate-600">
                Expected output
                <textarea
                  className="mt-1 block w-full rounded border border-slate-300 p-2 font-mono text-sm"
                  rows={3}
                  value={t.expectedOutput}
                  onChange={(e) => updateTest(i, { expectedOutput: e.target.value })}
                />
              </label>
            </li>
          ))}
        </ol>
        {testsRunning && (
          <p role="status" className="text-sm text-slate-600">
            Running test {Math.min((python.testsDone ?? 0) + 1, tests.length)} of {tests.length}…
          </p>
        )}
        {python.error && (
          <p role="alert" className="text-sm text-red-800">
            {python.error}
          </p>
        )}
        {grade && !testsRunning && (
          <TestResults results={playgroundRows(tests, grade)} showSource={false} openFailures />
        )}
      </Card>
    </div>
  );
}

export default PlaygroundPage;
