// Layout for the Privacy Policy and Terms of Service: a numbered table of contents beside the
// sections. Choosing an entry scrolls smoothly to its section and highlights it for a moment
// (spec 01 §2); the section carries data-highlighted="true" while it glows.
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";

export type LegalSection = { id: string; title: string; body: ReactNode };

const HIGHLIGHT_MS = 2500;

export function LegalDocument({ sections }: { sections: LegalSection[] }) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A shared link such as /privacy#your-rights: the page renders after the browser looked for the
  // anchor, so jump there ourselves once.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && sections.some((section) => section.id === id)) {
      document.getElementById(id)?.scrollIntoView({ block: "start" });
      setActiveId(id);
    }
  }, [sections]);

  function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: "smooth", block: "start" });
    // Move keyboard focus with the view, without a second jump.
    target.focus({ preventScroll: true });
    // Keep react-router's own history state; only the hash changes, so the link can be shared.
    window.history.replaceState(window.history.state, "", `#${id}`);
    setActiveId(id);
    setHighlightedId(id);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[16rem_1fr]">
      <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="toc-heading" className="px-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">
            Contents
          </h2>
          <ol className="mt-3 space-y-0.5 text-sm" data-testid="toc">
            {sections.map((section, index) => {
              const active = section.id === activeId;
              return (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    onClick={(event) => goTo(event, section.id)}
                    aria-current={active ? "location" : undefined}
                    className={`flex gap-2 rounded-lg px-2 py-1.5 transition-colors ${
                      active
                        ? "bg-brand-50 font-semibold text-brand-700"
                        : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                    }`}
                  >
                    <span className="w-5 shrink-0 text-right tabular-nums text-slate-500">{index + 1}.</span>
                    {section.title}
                  </a>
                </li>
              );
            })}
          </ol>
        </div>
      </nav>

      <div className="min-w-0 space-y-6">
        {sections.map((section, index) => {
          const highlighted = section.id === highlightedId;
          return (
            <section
              key={section.id}
              id={section.id}
              tabIndex={-1}
              aria-labelledby={`${section.id}-heading`}
              data-highlighted={highlighted ? "true" : undefined}
              className={`scroll-mt-24 rounded-xl border p-6 transition-colors duration-500 focus:outline-none sm:p-8 ${
                highlighted
                  ? "border-brand-500 bg-brand-50 ring-4 ring-brand-100"
                  : "border-slate-200 bg-white"
              }`}
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-bold text-slate-900 sm:text-2xl">
                <span className="mr-2 text-brand-600">{index + 1}.</span>
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-slate-700">{section.body}</div>
            </section>
          );
        })}
      </div>
    </div>
  );
}

// Small building blocks for section bodies, so both documents share one look.
export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-6 marker:text-brand-500">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 font-semibold text-slate-900">{children}</h3>;
}
