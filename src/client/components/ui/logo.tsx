// The PyClass mark and name: a link home on public and auth pages, plain in the signed-in shell.
import { Link } from "react-router";

const mark = (
  <span className="grid size-8 place-items-center rounded-lg bg-brand-600 font-mono text-sm text-white">
    py
  </span>
);

// `compact` hides the word on very narrow phones (it stays in the link's accessible name).
export function Logo({ compact = false, link = true }: { compact?: boolean; link?: boolean }) {
  const word = <span className={compact ? "max-[399px]:sr-only" : undefined}>PyClass</span>;
  const className = "flex shrink-0 items-center gap-2 text-lg font-bold text-slate-900";
  if (!link) {
    return (
      <div className={className}>
        {mark}
        {word}
      </div>
    );
  }
  return (
    <Link to="/" className={className}>
      {mark}
      {word}
    </Link>
  );
}
