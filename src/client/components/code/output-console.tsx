// The output panel: the program's console with an inline input field while input() waits.
// Enter sends the line; the harness echoes it into the console like a terminal would. A run that
// ends with an `Error: …` line gets "What does this mean?" right under it. Warnings (an invalid
// escape in ASCII art…) show as muted lines above the output, apart from it: never part of what
// Run Tests compares.
import { useEffect, useRef, useState } from "react";
import { ErrorExplanation } from "./error-explanation.tsx";

type Props = {
  output: string;
  waitingForInput: boolean;
  prompt: string | null;
  onInput: (line: string) => void;
  placeholder?: string;
  /** The code of the run shown, so an error's explanation can quote the student's line. */
  code?: string | null;
  /** The run's warnings ("Warning (line 3): invalid escape sequence '\ '"). */
  warnings?: readonly string[];
};

export function OutputConsole({
  output,
  waitingForInput,
  prompt,
  onInput,
  placeholder,
  code,
  warnings = [],
}: Props) {
  const [line, setLine] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);

  // Where the student was when input() first asked (Run, or the editor after Ctrl+Enter): the
  // answer field disappears once answered, and focus goes back there instead of to the page body.
  const before = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (waitingForInput) {
      const active = document.activeElement;
      if (
        !before.current &&
        active instanceof HTMLElement &&
        active !== input.current &&
        active !== document.body
      )
        before.current = active;
      input.current?.focus();
    } else if (before.current) {
      const back = before.current;
      before.current = null;
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && back.isConnected) back.focus();
    }
  }, [waitingForInput]);

  // On a phone the on-screen keyboard covers the bottom of the page, where the answer box often is
  // (issue 19 item 13: at 813–843 px of 844): while it has focus, keep it in the middle of what is
  // still visible, also when the keyboard opens (the visual viewport shrinks) after the focus.
  useEffect(() => {
    const box = input.current;
    const viewport = window.visualViewport;
    // A mouse and a physical keyboard: focus() already brings the box into view, leave the page be.
    const touch = window.matchMedia?.("(pointer: coarse)").matches ?? false;
    if (!waitingForInput || !box || !touch) return;
    // After this render's other scrolling (the newest output), and at once: a smooth scroll would be
    // cut short by the next one.
    const centre = () =>
      requestAnimationFrame(() => {
        if (document.activeElement === box) box.scrollIntoView({ block: "center", behavior: "instant" });
      });
    centre();
    viewport?.addEventListener("resize", centre);
    box.addEventListener("focus", centre);
    return () => {
      viewport?.removeEventListener("resize", centre);
      box.removeEventListener("focus", centre);
    };
  }, [waitingForInput]);

  // Keep the newest output in view, as a terminal does.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [output, waitingForInput]);

  return (
    <>
      <section aria-label="Output" className="rounded-lg border border-slate-800 bg-slate-900 text-slate-100">
        <div className="max-h-96 min-h-40 overflow-auto p-3 font-mono text-sm">
          {warnings.length > 0 && (
            <ul
              aria-label="Warnings"
              data-testid="console-warnings"
              className="mb-2 space-y-0.5 border-slate-700 border-b pb-2 text-slate-400 text-xs"
            >
              {warnings.map((warning, i) => (
                <li key={i} className="whitespace-pre-wrap break-words">
                  {warning}
                </li>
              ))}
            </ul>
          )}
          <pre data-testid="output" aria-live="polite" className="whitespace-pre-wrap break-words">
            {output || (waitingForInput ? "" : <span className="text-slate-400">{placeholder}</span>)}
          </pre>
          {!waitingForInput && <ErrorExplanation error={output} code={code} variant="dark" />}
          {waitingForInput && (
            <form
              className="mt-1 flex items-center gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                onInput(line);
                setLine("");
              }}
            >
              <label htmlFor="console-input" className="sr-only">
                {prompt ? `Answer: ${prompt}` : "Type your input and press Enter"}
              </label>
              <span aria-hidden className="text-emerald-400">
                &gt;
              </span>
              <input
                id="console-input"
                ref={input}
                value={line}
                onChange={(e) => setLine(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder="Type your answer and press Enter"
                className="min-w-0 flex-1 rounded border border-slate-600 bg-slate-800 px-2 py-1 font-mono text-sm text-white placeholder:text-slate-400 focus:border-emerald-400 focus:outline-none"
              />
            </form>
          )}
          <div ref={end} />
        </div>
      </section>
      {/* Room below the console on a phone while input() waits: the answer box can then be
        scrolled to the middle of the screen, above the on-screen keyboard, even at the page's end. */}
      {waitingForInput && <div aria-hidden className="h-[45vh] pointer-fine:hidden" />}
    </>
  );
}
