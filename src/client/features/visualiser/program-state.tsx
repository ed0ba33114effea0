// What the program holds at one step, drawn as Python Tutor and Thonny draw it: each frame (the
// global one, then each function call) with its variables; lists, tuples, dicts, sets and
// objects as numbered boxes beside them, with an arrow from every name that points at a box.
// Two names sharing one list point at the same box, and say so in words ("box 1") too, so the
// picture never depends on the arrows alone.
import { useLayoutEffect, useRef, useState } from "react";
import {
  type Box,
  boxTitle,
  type Frame,
  type ShownValue,
  type Step,
  valueText,
} from "@/shared/domain/visualiser.ts";

const boxId = (scope: string, index: number) => `${scope}-box-${index + 1}`;

export function ProgramState({ step, scope }: { step: Step; scope: string }) {
  const area = useRef<HTMLDivElement>(null);
  const arrows = useRef<SVGGElement>(null);
  useArrows(area, arrows, step);
  return (
    <div ref={area} className="relative" data-testid="visualiser-state" data-scope={scope}>
      <div className="grid gap-4 @xl:grid-cols-2">
        <section aria-label="Frames">
          <h3 className="mb-2 font-semibold text-slate-700 text-sm">Frames</h3>
          {step.hiddenFrames > 0 && (
            <p className="mb-2 text-slate-600 text-xs">
              {step.hiddenFrames.toLocaleString("en-GB")} calls in between are not shown.
            </p>
          )}
          <ol className="space-y-3">
            {step.frames.map((frame, i) => (
              <FrameCard
                key={i}
                frame={frame}
                scope={scope}
                current={i === step.frames.length - 1}
                step={step}
              />
            ))}
          </ol>
        </section>
        <section aria-label="Lists, dicts and objects">
          <h3 className="mb-2 font-semibold text-slate-700 text-sm">Lists, dicts and objects</h3>
          {step.boxes.length === 0 ? (
            <p className="text-slate-600 text-sm">None yet.</p>
          ) : (
            <ol className="space-y-3">
              {step.boxes.map((box, i) => (
                <BoxCard key={i} box={box} index={i} scope={scope} />
              ))}
            </ol>
          )}
        </section>
      </div>
      <svg
        aria-hidden
        className="pointer-events-none absolute inset-0 h-full w-full overflow-visible"
        data-testid="visualiser-arrows"
      >
        <defs>
          <marker
            id={`${scope}-head`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" className="fill-brand-700" />
          </marker>
        </defs>
        {/* Filled in by useArrows after layout, outside React's render: a step costs one render. */}
        <g ref={arrows} className="stroke-brand-700" />
      </svg>
    </div>
  );
}

function FrameCard({
  frame,
  scope,
  current,
  step,
}: {
  frame: Frame;
  scope: string;
  current: boolean;
  step: Step;
}) {
  const global = frame.name === "<module>";
  const title = global ? "Global frame" : `${frame.name}()`;
  return (
    <li
      className={`rounded-lg border bg-white p-2 ${current ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-300"}`}
      data-testid="visualiser-frame"
      aria-label={`${title}${current ? ", running now" : ""}`}
    >
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-medium text-slate-800">{title}</span>
        <span className="text-slate-600 text-xs">
          {current ? `line ${step.line}` : `waiting at line ${frame.line}`}
        </span>
      </div>
      {frame.variables.length === 0 && !frame.returned ? (
        <p className="text-slate-600 text-xs">No variables yet.</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {frame.variables.map((v) => (
              <tr key={v.name} data-variable={v.name} className="border-slate-100 border-t first:border-t-0">
                <th
                  scope="row"
                  className="w-2/5 py-0.5 pr-3 text-left align-top font-mono font-normal text-slate-800"
                >
                  {v.name}
                </th>
                <td className="py-0.5 align-top">
                  <Value value={v.value} scope={scope} boxes={step.boxes} />
                </td>
              </tr>
            ))}
            {frame.returned && (
              <tr className="border-slate-100 border-t bg-sky-50" data-variable="(return value)">
                <th scope="row" className="py-0.5 pr-3 text-left align-top font-normal text-sky-900">
                  Return value
                </th>
                <td className="py-0.5 align-top">
                  <Value value={frame.returned} scope={scope} boxes={step.boxes} />
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {frame.hiddenVariables > 0 && (
        <p className="mt-1 text-slate-600 text-xs">…and {frame.hiddenVariables} more variables not shown.</p>
      )}
    </li>
  );
}

function BoxCard({ box, index, scope }: { box: Box; index: number; scope: string }) {
  const title = boxTitle(box);
  return (
    <li
      id={boxId(scope, index)}
      data-box={index}
      className="w-fit max-w-full rounded-lg border border-slate-300 bg-slate-50 p-2"
      aria-label={`Box ${index + 1}: ${title}`}
    >
      <div className="mb-1 text-slate-700 text-xs">
        <span className="font-semibold">Box {index + 1}</span> · {title}
      </div>
      {box.kind === "dict" || box.kind === "object" ? (
        box.entries.length === 0 ? (
          <p className="text-slate-600 text-xs">{box.kind === "dict" ? "empty" : "no attributes"}</p>
        ) : (
          <table className="text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">{box.kind === "dict" ? "Key" : "Attribute"}</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {box.entries.map(([key, value], i) => (
                <tr key={i} className="border-slate-200 border-t first:border-t-0">
                  <th
                    scope="row"
                    className="whitespace-nowrap py-0.5 pr-3 text-left align-top font-mono font-normal"
                  >
                    {box.kind === "object" ? (
                      key.kind === "text" && key.text
                    ) : (
                      <Value value={key} scope={scope} />
                    )}
                  </th>
                  <td className="py-0.5 align-top">
                    <Value value={value} scope={scope} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : box.items.length === 0 ? (
        <p className="text-slate-600 text-xs">empty</p>
      ) : (
        <ol className="flex flex-wrap" aria-label={`${title} items`}>
          {box.items.map((item, i) => (
            <li key={i} className="-ml-px flex min-w-9 flex-col border border-slate-400 bg-white first:ml-0">
              <span className="px-1.5 py-0.5 text-center">
                <Value value={item} scope={scope} />
              </span>
              {box.kind !== "set" && box.kind !== "frozenset" && (
                <span className="border-slate-200 border-t px-1 text-center text-[11px] text-slate-600">
                  <span className="sr-only">index </span>
                  {i}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {box.more > 0 && (
        <p className="mt-1 text-slate-600 text-xs">…and {box.more.toLocaleString("en-GB")} more not shown.</p>
      )}
    </li>
  );
}

/** A value as a beginner reads it; a box as a link to it ("box 2, a list"), where an arrow starts. */
function Value({ value, scope, boxes }: { value: ShownValue; scope: string; boxes?: Box[] }) {
  if (value.kind === "ref") {
    const target = boxes?.[value.box];
    return (
      <a
        href={`#${boxId(scope, value.box)}`}
        data-ref={value.box}
        className="inline-flex items-center rounded border border-brand-600 bg-white px-1 font-mono text-brand-800 text-xs underline-offset-2 hover:underline"
      >
        box {value.box + 1}
        {target && <span className="sr-only">, {boxTitle(target)}</span>}
      </a>
    );
  }
  if (value.kind === "text" || value.kind === "cut")
    return <span className="text-slate-600 text-xs italic">{valueText(value)}</span>;
  return <span className="whitespace-pre-wrap break-all font-mono text-slate-900">{valueText(value)}</span>;
}

/**
 * SVG paths from each "box N" link to its box, measured after layout (and again on resize). The
 * paths are written straight into the arrows' group: as React state they cost every step a second
 * render and layout (issue 21's budget: a step within one frame, 16 ms).
 */
function useArrows(
  area: React.RefObject<HTMLDivElement | null>,
  group: React.RefObject<SVGGElement | null>,
  step: Step,
) {
  const [size, setSize] = useState(0);
  useLayoutEffect(() => {
    const root = area.current;
    if (!root) return;
    const observer = new ResizeObserver(() => setSize(root.clientWidth * 10_000 + root.clientHeight));
    observer.observe(root);
    return () => observer.disconnect();
  }, [area]);
  useLayoutEffect(() => {
    const root = area.current;
    const g = group.current;
    if (!root || !g) return;
    const origin = root.getBoundingClientRect();
    const targets = new Map<string, DOMRect>();
    for (const el of root.querySelectorAll<HTMLElement>("[data-box]"))
      targets.set(el.dataset.box ?? "", el.getBoundingClientRect());
    const next: string[] = [];
    for (const link of root.querySelectorAll<HTMLElement>("[data-ref]")) {
      const to = targets.get(link.dataset.ref ?? "");
      if (!to) continue;
      const from = link.getBoundingClientRect();
      const x1 = from.right - origin.left;
      const y1 = from.top + from.height / 2 - origin.top;
      const inside =
        from.left >= to.left && from.right <= to.right && from.top >= to.top && from.bottom <= to.bottom;
      // To the box's left edge when it lies to the right; else to its top (stacked on a phone, or a box pointing at itself).
      const beside = to.left - origin.left > x1 + 8 && !inside;
      const x2 = beside
        ? to.left - origin.left
        : Math.min(to.left - origin.left + 24, to.right - origin.left);
      const y2 = beside ? to.top - origin.top + 14 : to.top - origin.top;
      const bend = Math.max(30, Math.abs(x2 - x1) / 2);
      next.push(
        beside
          ? `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`
          : `M${x1},${y1} C${x1 + 40},${y1} ${x2},${y2 - 40} ${x2},${y2}`,
      );
    }
    const head = `url(#${root.dataset.scope}-head)`;
    const paths = [...g.children];
    next.forEach((d, i) => {
      let path = paths[i];
      if (!path) {
        path = document.createElementNS("http://www.w3.org/2000/svg", "path");
        path.setAttribute("data-arrow", "");
        path.setAttribute("fill", "none");
        path.setAttribute("stroke-width", "1.5");
        path.setAttribute("marker-end", head);
        g.append(path);
      }
      if (path.getAttribute("d") !== d) path.setAttribute("d", d);
    });
    for (const extra of paths.slice(next.length)) extra.remove();
  }, [step, size, area, group]);
}
