// The data table every page uses: small left-aligned text, a grey header row over a rule, thin
// rules between rows, column headings (`Th`) and row headings (`RowHeader`) with their scope set.
// `density` sets the cell padding for the whole table (the last column has no right gutter);
// "none" leaves it to the cells, for a table that restyles itself (stacks into cards on phones).
// `TableScroll` is the wrapper for a table that may be wider (or taller) than the screen.
import { createContext, type ReactNode, type TdHTMLAttributes, useContext } from "react";

type Density = "tight" | "snug" | "compact" | "normal" | "boxed" | "none";

const PADDING: Record<Density, string> = {
  tight: "py-1 pr-4 last:pr-0",
  snug: "py-1.5 pr-3 last:pr-0",
  compact: "py-1.5 pr-4 last:pr-0",
  normal: "py-2 pr-4 last:pr-0",
  boxed: "px-3 py-2",
  none: "",
};
const RULE: Record<Density, string> = {
  tight: "divide-slate-100",
  snug: "divide-slate-100",
  compact: "divide-slate-100",
  normal: "divide-slate-200",
  boxed: "divide-slate-200",
  none: "divide-slate-200",
};

const DensityContext = createContext<Density>("normal");
const cls = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(" ");

export function Table({
  caption,
  density = "normal",
  className,
  children,
}: {
  /** Read by screen readers only; name what the rows are ("Members of Year 10"). */
  caption?: string;
  density?: Density;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DensityContext.Provider value={density}>
      <table className={cls("w-full text-left text-sm", className)}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </DensityContext.Provider>
  );
}

/** The header row group; `sticky` keeps it on top while a tall TableScroll scrolls (give it a background). */
export function TableHead({
  sticky = false,
  className,
  children,
}: {
  sticky?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <thead className={cls(sticky && "sticky top-0", "border-b border-slate-200 text-slate-600", className)}>
      {children}
    </thead>
  );
}

export function TableBody({ className, children }: { className?: string; children: ReactNode }) {
  const density = useContext(DensityContext);
  return <tbody className={cls("divide-y", RULE[density], className)}>{children}</tbody>;
}

export function TableRow({ className, children }: { className?: string; children: ReactNode }) {
  return <tr className={className}>{children}</tr>;
}

/** A column heading. */
export function Th({ className, children }: { className?: string; children?: ReactNode }) {
  const density = useContext(DensityContext);
  return (
    <th scope="col" className={cls(PADDING[density], "font-medium", className)}>
      {children}
    </th>
  );
}

/** The cell that names its row (a student, an assignment): a row heading, in normal weight. */
export function RowHeader({ className, children }: { className?: string; children?: ReactNode }) {
  const density = useContext(DensityContext);
  return (
    <th
      scope="row"
      className={cls(PADDING[density], !/\bfont-/.test(className ?? "") && "font-normal", className)}
    >
      {children}
    </th>
  );
}

export function Td({ className, children, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  const density = useContext(DensityContext);
  return (
    <td className={cls(PADDING[density], className) || undefined} {...rest}>
      {children}
    </td>
  );
}

/**
 * A table that may be wider (or taller) than the screen scrolls inside a named region that takes
 * keyboard focus, so it can be scrolled without a mouse (WCAG 2.1.1; axe scrollable-region-focusable).
 * It is `relative` so screen-reader-only text inside (absolutely placed) scrolls with it instead
 * of widening the page. Name it with `label` or `labelledBy`.
 */
export function TableScroll({
  label,
  labelledBy,
  className = "overflow-x-auto",
  children,
}: {
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
      className={`relative rounded-lg focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ${className}`}
    >
      {children}
    </section>
  );
}
