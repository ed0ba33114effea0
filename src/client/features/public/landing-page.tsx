// /: the marketing page. Kept light on purpose: no editor and no Python here (spec 01 §1).
import {
  BadgeCheck,
  BarChart3,
  CheckCircle2,
  type LucideIcon,
  MessageSquareText,
  School,
  Terminal,
  UserRound,
  Wallet,
} from "lucide-react";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import { CodeSample } from "./code-sample.tsx";
import { SIGN_UP_PATH } from "./public-layout.tsx";
import { SectionHeading } from "./section-heading.tsx";
import { type Stat, StatGrid } from "./stat-grid.tsx";

type Feature = { icon: LucideIcon; title: string; text: string };

const features: Feature[] = [
  {
    icon: Terminal,
    title: "Built-in Python interpreter",
    text: "Write and run real Python straight in your browser. Nothing to install.",
  },
  {
    icon: MessageSquareText,
    title: "Real-time feedback",
    text: "See your output, and any errors, as soon as you press Run.",
  },
  {
    icon: BadgeCheck,
    title: "Automated grading",
    text: "Test cases check your code for you, so you know if it works before you hand it in.",
  },
  {
    icon: BarChart3,
    title: "Progress analytics",
    text: "See how you are getting on across your exercises and assignments.",
  },
  {
    icon: School,
    title: "Teacher dashboard",
    text: "Set assignments, follow every student’s progress and give feedback in one place.",
  },
  {
    icon: Wallet,
    title: "Free, no credit card",
    text: "Students use PyClass for free. Sign up in a minute, with no card details needed.",
  },
];

const pilotStats: Stat[] = [
  { value: "500+", label: "students" },
  { value: "50+", label: "teachers" },
  { value: "5,000+", label: "exercises completed" },
  { value: "98%", label: "success rate" },
];

const audiences = [
  {
    icon: UserRound,
    title: "For Students",
    points: [
      "Join your class with the code from your teacher",
      "Practise with GCSE-style exercises and hints",
      "Run tests and see your score before you submit",
    ],
  },
  {
    icon: School,
    title: "For Teachers",
    points: [
      "Create classes and share a join code",
      "Set assignments with your own test cases",
      "Grade submissions and leave feedback",
    ],
  },
];

export function LandingPage() {
  usePageTitle("Learn GCSE Python");
  return (
    <>
      <section
        aria-labelledby="hero-heading"
        className="overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white"
      >
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
              <span className="size-2 rounded-full bg-brand-500" aria-hidden />
              Made for GCSE Computer Science
            </p>
            <h1
              id="hero-heading"
              className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
            >
              Learn Python the <span className="text-brand-600">GCSE</span> way
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-600">
              PyClass gives you real Python in your browser, instant feedback on your code, and exercises
              written for GCSE Computer Science. Teachers get a simple way to set work and see how everyone is
              doing.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to={SIGN_UP_PATH} size="lg">
                Get Started
              </ButtonLink>
              <ButtonLink to={SIGN_UP_PATH} size="lg" variant="secondary">
                For Teachers
              </ButtonLink>
            </div>
            <p className="mt-4 flex items-center gap-2 text-sm text-slate-500">
              <CheckCircle2 className="size-4 text-green-600" aria-hidden />
              Free for students. No credit card needed.
            </p>
          </div>
          <CodeSample />
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-20">
        <SectionHeading id="features-heading" title="Everything you need to learn Python">
          From your first print() to loops, lists and functions.
        </SectionHeading>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="grid size-11 place-items-center rounded-lg bg-brand-50 text-brand-600">
                <feature.icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-slate-600">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="audiences-heading" className="border-y border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-20">
          <SectionHeading id="audiences-heading" title="Built for classrooms" />
          <div className="grid gap-6 md:grid-cols-2">
            {audiences.map((audience) => (
              <div
                key={audience.title}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-8 shadow-sm"
              >
                <div className="flex items-center gap-3">
                  <audience.icon className="size-6 text-brand-600" aria-hidden />
                  <h3 className="text-xl font-semibold text-slate-900">{audience.title}</h3>
                </div>
                <ul className="mt-5 flex-1 space-y-3">
                  {audience.points.map((point) => (
                    <li key={point} className="flex gap-3 text-slate-700">
                      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden />
                      {point}
                    </li>
                  ))}
                </ul>
                <ButtonLink to={SIGN_UP_PATH} variant="secondary" className="mt-8 self-start">
                  {audience.title}
                </ButtonLink>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="pilot-heading" className="mx-auto max-w-6xl px-4 py-20">
        <SectionHeading id="pilot-heading" title="In our pilot schools">
          What happened when students and teachers tried PyClass in class.
        </SectionHeading>
        <StatGrid stats={pilotStats} caption="Figures from our pilot schools so far." />
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pb-20">
        <div className="rounded-2xl bg-brand-700 px-6 py-14 text-center text-white shadow-lg sm:px-12">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
            Ready to write your first program?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">
            Create a free account and start your first exercise in minutes.
          </p>
          <ButtonLink to={SIGN_UP_PATH} size="lg" variant="secondary" className="mt-8 border-white">
            Get Started
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
