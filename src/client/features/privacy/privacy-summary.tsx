// The child-friendly privacy summary (issue 22; reading age about 12: short sentences, everyday
// words): who sees what of whom, and what is recorded. At the top of /privacy and at sign-up.
// Keep it true: each line names the feature that makes it so.
import { Link } from "react-router";

const WHO_SEES = [
  {
    who: "Your teacher",
    sees: "Your name and e-mail. The code you hand in, your test results, your grades and comments. How you worked on their assignments, so they can replay it and help. Your help requests.",
  },
  {
    who: "Other students in your class",
    sees: "Only your name. Never your code, your results or your grades.",
  },
  {
    who: "Admins of this PyClass",
    sees: "Names, e-mail addresses and who is in which class. Not how you worked on your code.",
  },
  {
    who: "You",
    sees: "Everything about you. You can download it all in Settings.",
  },
];

const FACTS = [
  "We keep your name, e-mail, code, results and grades.",
  "In an assignment we record how you work: your runs, what you typed and pasted. Your teacher uses it to help you.",
  "We do not show ads. We do not sell your data. We do not track where you are.",
  "No streaks, no points for coming back, no tricks to keep you online.",
  "Nothing sorts or scores you by itself. Your teacher only sees figures about the class when they open them.",
  "Old data is deleted on a timetable. You can delete your account in Settings.",
];

export function PrivacySummary({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  return (
    <section
      aria-labelledby="privacy-summary"
      className="rounded-xl border border-brand-200 bg-brand-50 p-5 text-slate-800"
    >
      <H id="privacy-summary" className="text-lg font-semibold text-slate-900">
        Your privacy in short
      </H>
      <Sub className="mt-3 font-semibold text-slate-900">Who sees what</Sub>
      <dl className="mt-1 space-y-2 text-sm">
        {WHO_SEES.map((row) => (
          <div key={row.who}>
            <dt className="font-medium text-slate-900">{row.who}</dt>
            <dd>{row.sees}</dd>
          </div>
        ))}
      </dl>
      <Sub className="mt-4 font-semibold text-slate-900">What we record</Sub>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {FACTS.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        More:{" "}
        <Link to="/privacy" className="font-medium text-brand-700 underline">
          the full privacy policy
        </Link>
        ,{" "}
        <Link to="/what-is-recorded" className="font-medium text-brand-700 underline">
          what is recorded
        </Link>{" "}
        and{" "}
        <Link to="/data-retention" className="font-medium text-brand-700 underline">
          how long we keep data
        </Link>
        .
      </p>
    </section>
  );
}
