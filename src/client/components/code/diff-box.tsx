// The one look of a line diff, for the expected output against the student's and for a replay's
// two points: + lines green, − lines red, each also said in words to a screen reader, in a box
// that scrolls (and so takes focus), with the notes that explain it underneath.

export type DiffMark = "+" | "−" | " ";
export type MarkedLine = { mark: DiffMark; text: string };

const LOOK: Record<DiffMark, string> = {
  "+": "bg-green-50 text-green-900",
  "−": "bg-red-50 text-red-900",
  " ": "text-slate-700",
};

export function DiffBox({
  label,
  lines,
  spoken,
  testId,
  className,
  notes,
}: {
  label: string;
  lines: MarkedLine[];
  /** What a screen reader hears before a + line and a − line ("expected: ", "yours: "). */
  spoken: { "+": string; "−": string };
  testId: string;
  /** The box's height and its space above. */
  className: string;
  /** Lines under the box; false ones are left out. */
  notes: (string | false)[];
}) {
  return (
    <>
      {/* relative: the screen-reader labels (sr-only, absolutely placed) stay inside the box. */}
      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        tabIndex={0}
        className={`relative overflow-auto rounded border border-slate-200 ${className}`}
      >
        <pre className="font-mono text-sm" data-testid={testId}>
          {lines.map((l, i) => (
            <div key={i} className={LOOK[l.mark]}>
              <span aria-hidden className="inline-block w-5 pl-1 select-none">
                {l.mark}
              </span>
              {l.mark !== " " && <span className="sr-only">{spoken[l.mark]}</span>}
              {l.text || " "}
            </div>
          ))}
        </pre>
      </section>
      {notes.map(
        (note) =>
          note && (
            <p key={note} className="mt-1 text-xs text-slate-600">
              {note}
            </p>
          ),
      )}
    </>
  );
}
