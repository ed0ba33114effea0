// A static picture of a lesson for the landing page: code, its output and the test results.
// Plain text with a tiny hand-rolled colouring, so the landing page loads no editor or Python.
// It has no Run button: a real one would fetch Python (~14 MB) for a demo whose output is already
// shown, and answering its input() needs the workspace console; signed-in users run code for real.
import { CheckCircle2 } from "lucide-react";

const code = `# Even or odd?
number = int(input("Enter a number: "))

if number % 2 == 0:
    print(number, "is even")
else:
    print(number, "is odd")`;

const TOKEN = /(#.*$|"[^"]*"|\b(?:if|else)\b|\b(?:int|input|print)\b|\b\d+\b)/g;

function colour(token: string) {
  if (token.startsWith("#")) return "text-slate-400 italic";
  if (token.startsWith('"')) return "text-emerald-300";
  if (token === "if" || token === "else") return "text-fuchsia-300";
  if (/^\d+$/.test(token)) return "text-amber-300";
  return "text-sky-300";
}

function Line({ text }: { text: string }) {
  const parts = text.split(TOKEN);
  return (
    <span className="block min-h-[1.5em]">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} className={colour(part)}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </span>
  );
}

const tests = [
  { input: "4", expected: "4 is even" },
  { input: "7", expected: "7 is odd" },
];

export function CodeSample() {
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900 text-left shadow-2xl shadow-brand-600/20">
      <div className="flex items-center gap-2 border-b border-slate-800 px-4 py-3">
        <span className="size-3 rounded-full bg-red-400" aria-hidden />
        <span className="size-3 rounded-full bg-yellow-400" aria-hidden />
        <span className="size-3 rounded-full bg-green-400" aria-hidden />
        <span className="ml-2 font-mono text-xs text-slate-400">even_or_odd.py</span>
        {/* A picture, not a console: no Run button that does nothing (see the file's note). */}
        <span className="ml-auto text-xs text-slate-400">Example</span>
      </div>
      <pre className="overflow-x-auto px-5 py-4 font-mono text-sm leading-6 text-slate-100">
        <code>
          {code.split("\n").map((line, index) => (
            <Line key={index} text={line} />
          ))}
        </code>
      </pre>
      <div className="grid border-t border-slate-800 text-sm sm:grid-cols-2">
        <div className="px-5 py-4">
          <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Output</p>
          <pre className="mt-2 font-mono text-slate-200">{"Enter a number: 7\n7 is odd"}</pre>
        </div>
        <div className="border-t border-slate-800 px-5 py-4 sm:border-t-0 sm:border-l">
          <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Tests</p>
          <ul className="mt-2 space-y-1.5">
            {tests.map((test, index) => (
              <li key={test.input} className="flex gap-2 text-slate-200">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-400" aria-hidden />
                <span>
                  Test {index + 1} <span className="text-green-400">passed</span>
                  <span className="block font-mono text-xs text-slate-400">
                    input {test.input} → {test.expected}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 font-semibold text-green-400">Score: 100%</p>
        </div>
      </div>
      <figcaption className="sr-only">
        Example of a PyClass exercise: a short Python program, what it printed, and two tests that passed.
      </figcaption>
    </figure>
  );
}
