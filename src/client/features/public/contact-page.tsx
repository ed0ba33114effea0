// /contact: four channels, support hours, FAQ, a mail button, social handles and an emergency
// contact (spec 01 §2). Addresses and response targets live in contact-details.ts.
import {
  AtSign,
  BookOpen,
  Clock,
  LifeBuoy,
  type LucideIcon,
  Mail,
  MessageCircle,
  School,
  ShieldAlert,
} from "lucide-react";
import { buttonClass } from "@/client/components/ui/button.tsx";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import { emails, responseTargets, socialHandles } from "./contact-details.ts";
import { ContactFaq } from "./contact-faq.tsx";
import { MailLink } from "./mail-link.tsx";
import { PageHeader } from "./page-header.tsx";

type Channel = { icon: LucideIcon; title: string; text: string; email: string; response: string };

const channels: Channel[] = [
  {
    icon: LifeBuoy,
    title: "Help and support",
    text: "Problems signing in, running code or handing in work.",
    email: emails.support,
    response: responseTargets.support,
  },
  {
    icon: MessageCircle,
    title: "General questions",
    text: "Anything else about PyClass, including feedback and ideas.",
    email: emails.general,
    response: responseTargets.general,
  },
  {
    icon: School,
    title: "Schools and education",
    text: "Using PyClass with your school, classes or department.",
    email: emails.schools,
    response: responseTargets.schools,
  },
  {
    icon: BookOpen,
    title: "Curriculum and content",
    text: "Exercises, lessons, mistakes you have spotted or topics you would like.",
    email: emails.curriculum,
    response: responseTargets.curriculum,
  },
];

const hours = [
  { days: "Monday – Friday", time: "9:00 AM – 6:00 PM" },
  { days: "Saturday", time: "10:00 AM – 4:00 PM" },
  { days: "Sunday", time: "Closed" },
];

export function ContactPage() {
  usePageTitle("Contact");
  return (
    <>
      <PageHeader eyebrow="Contact" title="We’re here to help">
        <p>Choose the team that fits your question and we will get back to you.</p>
        <a href={`mailto:${emails.support}`} className={buttonClass("primary", "lg", "mt-6")}>
          <Mail className="size-5" aria-hidden />
          Contact Support
        </a>
      </PageHeader>

      <section aria-labelledby="channels-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="channels-heading" className="sr-only">
          Ways to contact us
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {channels.map((channel) => (
            <li
              key={channel.title}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="grid size-11 place-items-center rounded-lg bg-brand-50 text-brand-600">
                <channel.icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{channel.title}</h3>
              <p className="mt-2 flex-1 text-slate-600">{channel.text}</p>
              <p className="mt-4 break-all">
                <MailLink address={channel.email} />
              </p>
              <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-500">
                <Clock className="size-4" aria-hidden />
                We reply within {channel.response}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-sm text-slate-600">
          Privacy or data requests: <MailLink address={emails.privacy} /> (answered within{" "}
          {responseTargets.privacy}). Questions about our terms: <MailLink address={emails.legal} /> (
          {responseTargets.legal}).
        </p>
      </section>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 pb-16 lg:grid-cols-3">
        <section
          aria-labelledby="hours-heading"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="hours-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            <Clock className="size-5 text-brand-600" aria-hidden />
            Support hours
          </h2>
          <p className="mt-1 text-sm text-slate-500">All times are GMT.</p>
          <dl className="mt-4 divide-y divide-slate-100" data-testid="support-hours">
            {hours.map((row) => (
              <div key={row.days} className="flex justify-between gap-4 py-2">
                <dt className="text-slate-700">{row.days}</dt>
                <dd className="font-medium text-slate-900">{row.time}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section
          aria-labelledby="social-heading"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="social-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            <AtSign className="size-5 text-brand-600" aria-hidden />
            Follow us
          </h2>
          <p className="mt-1 text-sm text-slate-500">News, tips and new exercises.</p>
          <dl className="mt-4 divide-y divide-slate-100">
            {socialHandles.map((social) => (
              <div key={social.network} className="flex justify-between gap-4 py-2">
                <dt className="text-slate-700">{social.network}</dt>
                <dd className="font-medium text-slate-900">{social.handle}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section
          aria-labelledby="emergency-heading"
          className="rounded-xl border border-red-200 bg-red-50 p-6 shadow-sm"
        >
          <h2 id="emergency-heading" className="flex items-center gap-2 text-xl font-semibold text-red-900">
            <ShieldAlert className="size-5 text-red-600" aria-hidden />
            Emergency contact
          </h2>
          <p className="mt-2 text-red-900">
            For safeguarding worries or security problems, such as someone using your account, e-mail{" "}
            <a className="font-semibold underline underline-offset-2" href={`mailto:${emails.safety}`}>
              {emails.safety}
            </a>{" "}
            with <strong>URGENT</strong> in the subject. We deal with these before anything else.
          </p>
          <p className="mt-3 text-red-900">
            If someone is in immediate danger, call <strong>999</strong>. You can also talk to a teacher you
            trust.
          </p>
        </section>
      </div>

      <ContactFaq />
    </>
  );
}
