// The four FAQ entries on /contact. Native <details>/<summary> so they open by keyboard and are
// announced as expandable without any script.
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { emails, responseTargets } from "./contact-details.ts";
import { MailLink } from "./mail-link.tsx";

const faqs: { question: string; answer: ReactNode }[] = [
  {
    question: "Is PyClass really free?",
    answer:
      "Yes. Students use PyClass for free and you do not need a credit card to sign up. Teachers and schools can also use premium features.",
  },
  {
    question: "How do I join my teacher’s class?",
    answer:
      "Sign up as a student, then enter the 8-character class code your teacher gives you. The class and its assignments will then appear in your account.",
  },
  {
    question: "Do I need to install Python?",
    answer:
      "No. PyClass has Python built in and runs it in your web browser, so there is nothing to install.",
  },
  {
    question: "How do I delete my account or get a copy of my data?",
    answer: (
      <>
        E-mail <MailLink address={emails.privacy} /> from the address you signed up with. We answer within{" "}
        {responseTargets.privacy}.
      </>
    ),
  },
];

export function ContactFaq() {
  return (
    <section aria-labelledby="faq-heading" className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-8 space-y-3">
          {faqs.map((faq) => (
            <details
              key={faq.question}
              className="group rounded-xl border border-slate-200 bg-white shadow-sm open:shadow-md"
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {faq.question}
                <ChevronDown
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                  aria-hidden
                />
              </summary>
              <p className="px-5 pb-5 text-slate-700">{faq.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
