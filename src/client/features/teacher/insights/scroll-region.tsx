// A table that may be wider (or taller) than the screen scrolls inside a named region that takes
// keyboard focus, so it can be scrolled without a mouse (WCAG 2.1.1; axe scrollable-region-focusable).
// It is `relative` so screen-reader-only text inside (absolutely placed) scrolls with it instead
// of widening the page.
import type { ReactNode } from "react";

export function ScrollRegion({
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
