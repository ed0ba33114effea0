// /terms: the terms of service in plain words (spec 01 §1, §5, §9).
import { Link } from "react-router";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import { emails, responseTargets } from "./contact-details.ts";
import { Bullets, LegalDocument, type LegalSection } from "./legal-document.tsx";
import { MailLink } from "./mail-link.tsx";
import { PageHeader } from "./page-header.tsx";

const sections: LegalSection[] = [
  {
    id: "about-these-terms",
    title: "About these terms",
    body: (
      <>
        <p>
          These terms are the rules for using PyClass. PyClass is run by PyClass Ltd, a company registered in
          England and Wales (“we” or “us”). By creating an account or using PyClass, you agree to these terms.
        </p>
        <p>
          How we handle your information is explained in our{" "}
          <Link className="font-medium text-brand-700 underline underline-offset-2" to="/privacy">
            Privacy Policy
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: "who-can-use",
    title: "Who can use PyClass",
    body: (
      <>
        <p>
          You must be at least <strong>13 years old</strong> to use PyClass.
        </p>
        <p>
          If you are under 13, you may only use PyClass with verifiable consent from your parent, guardian or
          school.
        </p>
      </>
    ),
  },
  {
    id: "your-account",
    title: "Your account",
    body: (
      <Bullets
        items={[
          "Give your real name and an e-mail address you can check.",
          "Keep your password secret. Do not share your account with anyone else.",
          "You are responsible for what happens on your account. If you think someone else has used it, tell us straight away.",
          "You can ask us to delete your account at any time.",
        ]}
      />
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>Please use PyClass kindly and honestly. You must not:</p>
        <Bullets
          items={[
            "bully, threaten or upset other people",
            "post anything rude, hateful or illegal",
            "try to get into other people’s accounts or see work that is not yours",
            "try to break, overload or get around the security of PyClass",
            "hand in someone else’s work as your own, or share answers to get around your teacher’s rules",
          ]}
        />
        <p>If you break these rules, we may suspend or close your account.</p>
      </>
    ),
  },
  {
    id: "student-code",
    title: "Student code and content",
    body: (
      <>
        <p>
          The code you write belongs to you. You give us permission to store it, run it and show it to your
          teachers, so that PyClass can work as described.
        </p>
        <p>
          Lessons, exercises and other material on PyClass belong to us or to the people who made them. You
          may use them for learning, but not copy them to sell or publish elsewhere.
        </p>
      </>
    ),
  },
  {
    id: "teacher-responsibilities",
    title: "Teacher responsibilities",
    body: (
      <Bullets
        items={[
          "Only invite students you teach to your classes, and follow your school’s rules on using online tools.",
          "Make sure you have any consent your school needs, including for students under 13.",
          "Keep your students’ information private and use it only for teaching.",
          "Keep class join codes within your class.",
        ]}
      />
    ),
  },
  {
    id: "free-and-premium",
    title: "Free and premium features",
    body: (
      <>
        <p>PyClass is free for students. You do not need a credit card to sign up.</p>
        <p>
          Teachers and schools can use premium features. If you choose a paid plan, we will tell you the price
          and what is included before you pay.
        </p>
        <p>We may add, change or remove features over time.</p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Our liability",
    body: (
      <>
        <p>
          We work hard to keep PyClass running and accurate, but we provide it “as is”. We cannot promise it
          will always be available or free of mistakes.
        </p>
        <p>
          As far as the law allows, we are not responsible for losses caused by using PyClass, such as lost
          work. Nothing in these terms limits any rights you have by law that cannot be taken away.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law",
    body: (
      <p>
        These terms are governed by the law of England and Wales. Any disputes will be dealt with by the
        courts of England and Wales.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms. When we do, we will put the new version on this page and change the date at
        the top. If you keep using PyClass after that, the new terms apply.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about these terms? E-mail <MailLink address={emails.legal} />. We reply within{" "}
        {responseTargets.legal}.
      </p>
    ),
  },
];

export function TermsPage() {
  usePageTitle("Terms of Service");
  return (
    <>
      <PageHeader eyebrow="Legal" title="Terms of Service">
        <p>The rules for using PyClass, in plain words.</p>
        <p className="mt-2 text-sm text-slate-500">Last updated July 2025</p>
      </PageHeader>
      <LegalDocument sections={sections} />
    </>
  );
}
