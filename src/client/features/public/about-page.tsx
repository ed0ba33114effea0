// /about: mission, impact figures, four values and the roadmap (spec 01 §1, §2).
import { Accessibility, Heart, Lightbulb, type LucideIcon, ShieldCheck } from "lucide-react";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import { PageHeader } from "./page-header.tsx";
import { RoadmapList } from "./roadmap-list.tsx";
import { SectionHeading } from "./section-heading.tsx";
import { type Stat, StatGrid } from "./stat-grid.tsx";

const impact: Stat[] = [
  { value: "500+", label: "active students" },
  { value: "50+", label: "teachers" },
  { value: "2+", label: "schools" },
  { value: "98%", label: "satisfaction" },
];

const values: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Lightbulb,
    title: "Learn by doing",
    text: "You learn to code by writing code. Every lesson gets you typing and running real Python.",
  },
  {
    icon: Accessibility,
    title: "Open to everyone",
    text: "Free for students and built to work with a keyboard or screen reader, in any modern browser.",
  },
  {
    icon: Heart,
    title: "Made with teachers",
    text: "We build what teachers ask for, so PyClass saves them time instead of adding work.",
  },
  {
    icon: ShieldCheck,
    title: "Safe and private",
    text: "We collect only what we need, and we never sell your information.",
  },
];

export function AboutPage() {
  usePageTitle("About");
  return (
    <>
      <PageHeader eyebrow="About PyClass" title="Helping every student learn to code">
        <p>
          PyClass is a place where GCSE students learn Python and teachers run their classes, all in the
          browser.
        </p>
      </PageHeader>

      <section aria-labelledby="mission-heading" className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h2 id="mission-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          Our mission
        </h2>
        <p className="mt-5 text-lg leading-relaxed text-slate-700">
          Learning to program should not depend on which school you go to or what computer you have at home.
          We want every student to be able to write real Python, get quick feedback, and build the confidence
          to do well in GCSE Computer Science, while giving teachers the tools to support them.
        </p>
      </section>

      <section aria-labelledby="impact-heading" className="border-y border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <SectionHeading id="impact-heading" title="Our impact so far" />
          <StatGrid stats={impact} caption="Figures from our pilot schools so far." />
        </div>
      </section>

      <section aria-labelledby="values-heading" className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading id="values-heading" title="What we believe" />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="grid size-11 place-items-center rounded-lg bg-brand-50 text-brand-600">
                <value.icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{value.title}</h3>
              <p className="mt-2 text-slate-600">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="roadmap-heading" className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-4xl px-4 py-16">
          <SectionHeading id="roadmap-heading" title="Roadmap">
            What we plan to build next. Plans can change as we learn from students and teachers.
          </SectionHeading>
          <RoadmapList />
        </div>
      </section>

      <section aria-labelledby="ideas-heading" className="px-4 py-16">
        <div className="mx-auto max-w-3xl rounded-2xl bg-brand-700 px-6 py-12 text-center text-white shadow-lg">
          <h2 id="ideas-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Have an idea for PyClass?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">
            Our roadmap is shaped by students and teachers. Tell us what would help you learn or teach.
          </p>
          <ButtonLink to="/contact" size="lg" variant="secondary" className="mt-8">
            Share Your Ideas
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
