// /privacy: the privacy policy in plain words, ten sections (spec 01 §2, §3, §6, §9).

import { PrivacySummary } from "@/client/features/privacy/index.ts";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import { DATA_USE, type DataUseFeature } from "@/shared/domain/data-use.ts";
import { emails, responseTargets } from "./contact-details.ts";
import { Bullets, LegalDocument, type LegalSection, SubHeading } from "./legal-document.tsx";
import { MailLink } from "./mail-link.tsx";
import { PageHeader } from "./page-header.tsx";

const sections: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          PyClass is a website where students learn Python and teachers run their classes. It is run by
          PyClass Ltd, a company registered in England and Wales. In this policy, “we” and “us” mean PyClass
          Ltd.
        </p>
        <p>
          This policy explains what information we collect about you, why we need it, who can see it and what
          you can ask us to do with it. If anything is unclear, e-mail us at{" "}
          <MailLink address={emails.privacy} />.
        </p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: (
      <>
        <SubHeading>Personal information</SubHeading>
        <Bullets
          items={[
            "Your e-mail address",
            "Your full name",
            "Your role (student or teacher)",
            "For teacher accounts, the name of your school or institution, if you choose to give it",
          ]}
        />
        <SubHeading>Educational information</SubHeading>
        <Bullets
          items={[
            "The code you write and submit",
            "Your assignment submissions",
            "Grades and feedback from your teacher",
            "Your progress and learning analytics",
            "Which classes you are in and how you take part in them",
          ]}
        />
        <SubHeading>Technical information</SubHeading>
        <Bullets
          items={[
            "Your IP address",
            "Your browser type, device and operating system",
            "Usage logs (which pages you open) and error logs (what went wrong)",
          ]}
        />
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use your information",
    body: (
      <>
        <p>We only use your information to run PyClass and make it better. That means we use it to:</p>
        <Bullets
          items={[
            "create your account and keep you signed in",
            "run and check your code, and show you your results",
            "let your teacher set work, mark it and give you feedback",
            "show you and your teacher how you are getting on",
            "fix problems and keep the website secure",
            "send you messages about your account, such as a password reset",
          ]}
        />
        <p>We do not use your information for advertising.</p>
      </>
    ),
  },
  {
    id: "who-can-see-it",
    title: "Who can see your information",
    body: (
      <>
        <p>
          We use role-based access controls. This means what you can see depends on whether you are a student
          or a teacher.
        </p>
        <Bullets
          items={[
            "Students see their own work, their own results and the classes they belong to.",
            "Teachers see the progress, submissions and performance data of the students assigned to their classes.",
            "Teachers cannot see students who are not in their classes.",
          ]}
        />
      </>
    ),
  },
  {
    id: "sharing",
    title: "Sharing your information",
    body: (
      <>
        <p>
          <strong>We never sell, rent or trade your information.</strong> We only share it:
        </p>
        <Bullets
          items={[
            "with your teachers, as explained above",
            "with service providers (“processors”) who help us run PyClass, such as hosting, and who must keep it safe",
            "with legal authorities, when the law requires us to",
            "with your school, but only with consent",
          ]}
        />
      </>
    ),
  },
  {
    id: "storage",
    title: "Where and how long we keep it",
    body: (
      <>
        <p>Your information is stored mainly in the United Kingdom or the European Economic Area (EEA).</p>
        <p>
          We keep your information while your account is open. You can ask us to delete your account at any
          time. When we delete it, we remove your personal information, unless the law says we must keep
          something for longer.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Keeping your information safe",
    body: (
      <>
        <p>We take care to protect your information. For example:</p>
        <Bullets
          items={[
            "passwords are stored in scrambled (hashed) form, so nobody can read them, not even us",
            "role-based access controls stop people seeing information that is not theirs",
            "when you press Run, your code runs inside your own browser; when you submit work, PyClass also runs it on our server to check it, in a locked-down sandbox that cannot see other people’s information or the rest of the server",
          ]}
        />
        <p>
          No website can be perfectly secure. If you think your account has been misused, tell us straight
          away at <MailLink address={emails.safety} />.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>Under UK data protection law, you have the right to:</p>
        <Bullets
          items={[
            <>
              <strong>access</strong> — get a copy of the information we hold about you
            </>,
            <>
              <strong>rectification</strong> — have wrong information corrected
            </>,
            <>
              <strong>erasure</strong> — have your information deleted
            </>,
            <>
              <strong>portability</strong> — get your information in a form you can take elsewhere
            </>,
            <>
              <strong>restriction or objection</strong> — ask us to limit or stop using your information
            </>,
            <>
              <strong>withdraw consent</strong> — change your mind about anything you agreed to
            </>,
          ]}
        />
        <p>
          You can also ask us to delete your account at any time. To make a request, e-mail{" "}
          <MailLink address={emails.privacy} />. We answer within {responseTargets.privacy}.
        </p>
        <p>
          If you are not happy with how we handled your request, you can complain to the Information
          Commissioner’s Office (ICO), the UK’s data protection regulator.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <p>
        We use a small number of essential cookies to keep you signed in and to keep your account secure. We
        do not use advertising cookies.
      </p>
    ),
  },
  {
    id: "changes-and-contact",
    title: "Changes and contact",
    body: (
      <>
        <p>
          If we change this policy, we will put the new version on this page and update the date at the top.
        </p>
        <p>
          Questions about your privacy? E-mail <MailLink address={emails.privacy} />.
        </p>
      </>
    ),
  },
];

const FEATURE_NAMES: Record<DataUseFeature, string> = {
  insights: "Teaching Insights",
  replay: "Replay of how code was written",
  similarity: "Similarity report",
  live: "Live lesson",
};

/** Per feature, what a teacher's page uses and works out: the same words the page itself shows. */
function FeatureDataUse() {
  return (
    <section aria-labelledby="feature-data-use" className="mt-6 text-slate-800">
      <h2 id="feature-data-use" className="text-lg font-semibold text-slate-900">
        What each teacher page uses
      </h2>
      <p className="mt-1 text-sm">
        Nothing about a student is worked out automatically. These pages work out what they show only when the
        class's teacher opens them, and each says so at the top:
      </p>
      <dl className="mt-2 space-y-2 text-sm">
        {(Object.keys(DATA_USE) as DataUseFeature[]).map((f) => (
          <div key={f}>
            <dt className="font-medium text-slate-900">{FEATURE_NAMES[f]}</dt>
            <dd>{DATA_USE[f]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function PrivacyPage() {
  usePageTitle("Privacy Policy");
  return (
    <>
      <PageHeader eyebrow="Legal" title="Privacy Policy">
        <p>How we look after your information, in plain words.</p>
        <p className="mt-2 text-sm text-slate-500">Last updated December 2024</p>
      </PageHeader>
      <div className="mx-auto max-w-4xl px-4 pt-10">
        <PrivacySummary />
        <FeatureDataUse />
      </div>
      <LegalDocument sections={sections} />
    </>
  );
}
