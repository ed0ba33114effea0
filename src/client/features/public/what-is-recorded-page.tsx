// /what-is-recorded: what the activity record keeps while a student works on an assignment or a
// library exercise, who sees it and for how long, in plain words (linked from the line above the
// workspace's editor; decisions "The activity record" and 072).
import { Link } from "react-router";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import { EXERCISE_RECORD_NOTICE } from "@/shared/domain/data-use.ts";
import { PageHeader } from "./page-header.tsx";

const recorded = [
  "Your typing in the code editor: what changed, sent in small batches every few seconds (about every 10)",
  "Each time you press Run Code, and each Python error it stops with (the kind of error and the line)",
  "Each time you press Run Tests, and how many of the tests passed",
  "Pastes, drops and other large pieces of code that appear at once: how big they were and where",
  "Each time you press Submit Code, Save or Restore Code, or put back a version from your history",
  "A full copy of your code when you open the assignment or exercise and every few minutes while you work",
  "While the work is open on your screen and nothing else was recorded for a minute, a note that you are there (only the time), so your teacher's live view shows you as online on an assignment",
];

const notRecorded = [
  "Anything outside the code editor: other tabs, other websites, other programs, your screen or camera",
  "When each key was pressed: your typing is sent in batches a few seconds apart, not key by key",
  "The playground: nothing you do there is recorded",
];

function List({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-1 pl-6">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function WhatIsRecordedPage() {
  usePageTitle("What is recorded");
  return (
    <>
      <PageHeader eyebrow="Your work" title="What is recorded">
        <p>
          While you work on an assignment, PyClass keeps a record your teacher can replay. While you practise
          an exercise from the library, it keeps one only you can see.
        </p>
      </PageHeader>
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-12 text-slate-700">
        <section aria-labelledby="why" className="space-y-3">
          <h2 id="why" className="text-2xl font-semibold text-slate-900">
            Why
          </h2>
          <p>
            Your teacher can watch how your code was written, step by step: where you got stuck, what you
            tried, which error you fixed. It helps them teach you, and it shows the work that was yours. A
            large paste is shown to your teacher as a paste; it is not called anything else. Your teacher
            looks and decides.
          </p>
        </section>
        <section aria-labelledby="what" className="space-y-3">
          <h2 id="what" className="text-2xl font-semibold text-slate-900">
            What is recorded
          </h2>
          <List items={recorded} />
        </section>
        <section aria-labelledby="not" className="space-y-3">
          <h2 id="not" className="text-2xl font-semibold text-slate-900">
            What is not recorded
          </h2>
          <List items={notRecorded} />
        </section>
        <section aria-labelledby="who" className="space-y-3">
          <h2 id="who" className="text-2xl font-semibold text-slate-900">
            Who can see it
          </h2>
          <p>
            <strong>Assignments:</strong> only the teacher of your class. Other students never see it, and nor
            do you: it is a record for your teacher, like the work you hand in. (When you open an assignment
            on another computer, it gives you back your latest code, and nothing else.)
          </p>
          <p data-testid="exercise-record-who">
            <strong>Exercises in the library:</strong> only you. No teacher owns a library exercise, so no
            teacher, other student or admin can see your record of one. You see it as Your history on the
            exercise, and it opens your latest code on another computer. On the exercise page it says:{" "}
            <q>{EXERCISE_RECORD_NOTICE}</q>
          </p>
        </section>
        <section aria-labelledby="how-long" className="space-y-3">
          <h2 id="how-long" className="text-2xl font-semibold text-slate-900">
            How long it is kept
          </h2>
          <p>
            Until the end of the school year (31 August), unless your school has chosen a shorter or longer
            time. After that it is deleted automatically. Your submissions and grades are not part of this
            record and stay as they are.
          </p>
        </section>
        <p>
          More about how PyClass looks after your information is in our{" "}
          <Link className="font-medium text-brand-700 underline underline-offset-2" to="/privacy">
            Privacy Policy
          </Link>
          .
        </p>
      </article>
    </>
  );
}
