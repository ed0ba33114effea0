// The browser tab's title, one rule for every page: "<page> — <section> — PyClass", so history,
// tabs and screen readers say where you are (WCAG 2.4.2). A signed-in shell names the section
// (the sidebar entry the page belongs to); public pages have none.
import { createContext, type ReactNode, useContext, useEffect } from "react";

const SectionContext = createContext<string | null>(null);

export function PageSection({ name, children }: { name: string | null; children: ReactNode }) {
  return <SectionContext.Provider value={name}>{children}</SectionContext.Provider>;
}

/** "Even or Odd — Assignments — PyClass"; a part equal to the one before it is said once. */
export function pageTitle(...parts: (string | null | undefined)[]): string {
  const named = [...parts, "PyClass"].map((p) => p?.trim()).filter((p): p is string => !!p);
  return named.filter((p, i) => p !== named[i - 1]).join(" — ");
}

/** Sets the tab title for as long as the calling page is shown. */
export function usePageTitle(title: string | null | undefined) {
  const section = useContext(SectionContext);
  useEffect(() => {
    if (!title) return;
    document.title = pageTitle(title, section);
  }, [title, section]);
}
