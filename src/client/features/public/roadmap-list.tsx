// The about page roadmap: each item has a quarter, title, description, feature list and a status
// badge that always reads "planned" (spec 01 §2).
import { CalendarClock } from "lucide-react";
import { Badge } from "@/client/components/ui/badge.tsx";

type RoadmapItem = { quarter: string; title: string; description: string; features: string[] };

const roadmap: RoadmapItem[] = [
  {
    quarter: "Q3 2025",
    title: "More languages",
    description: "Once you are confident with Python, try other languages in the same editor.",
    features: [
      "JavaScript exercises",
      "SQL for working with databases",
      "The same instant feedback and tests",
    ],
  },
  {
    quarter: "Q1 2026",
    title: "AI code review",
    description: "Friendly comments on your code that help you improve it without giving away the answer.",
    features: [
      "Error messages explained in plain English",
      "Tips on making code clearer",
      "Teachers decide when it is switched on",
    ],
  },
  {
    quarter: "Q2 2026",
    title: "Collaborative coding",
    description: "Work on the same program with a classmate, at the same time.",
    features: [
      "Pair programming in class",
      "A shared editor for two or more people",
      "Teacher view of group work",
    ],
  },
  {
    quarter: "Q3 2026",
    title: "Mobile apps",
    description: "PyClass on your phone and tablet, for practice wherever you are.",
    features: ["Apps for iOS and Android", "Reminders when work is due", "Check your feedback on the go"],
  },
  {
    quarter: "Q4 2026",
    title: "Global expansion",
    description: "Bring PyClass to schools outside the UK.",
    features: [
      "Support for more exam boards and curricula",
      "More languages for the interface",
      "Help for schools getting started",
    ],
  },
];

export function RoadmapList() {
  return (
    <ol className="relative space-y-6 border-l-2 border-brand-100 pl-6 sm:pl-8">
      {roadmap.map((item) => (
        <li key={item.title} className="relative" data-testid="roadmap-item">
          <span
            className="absolute top-6 -left-[calc(1.5rem+7px)] size-3 rounded-full bg-brand-600 ring-4 ring-slate-50 sm:-left-[calc(2rem+7px)]"
            aria-hidden
          />
          <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
                <CalendarClock className="size-4" aria-hidden />
                {item.quarter}
              </p>
              <Badge tone="purple">
                <span className="sr-only">Status: </span>planned
              </Badge>
            </div>
            <h3 className="mt-2 text-xl font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-2 text-slate-600">{item.description}</p>
            <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
              {item.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <span className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" aria-hidden />
                  {feature}
                </li>
              ))}
            </ul>
          </article>
        </li>
      ))}
    </ol>
  );
}
