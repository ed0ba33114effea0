// The school pack (issue 22): the papers a school's data protection officer asks for, as plain
// data. The /schools pages render it; `npx tsx scripts/school-pack.ts` writes the same text to
// docs/schools/*.md, and school-pack.test.ts fails when the two differ. No DOM, no React here.

export type Block = { p: string } | { list: string[] } | { table: string[][] };
export type PackSection = { heading: string; blocks: Block[] };
export type PackDocument = {
  slug: string;
  title: string;
  /** One sentence for the index. */
  summary: string;
  sections: PackSection[];
};

const p = (text: string): Block => ({ p: text });
const list = (...items: string[]): Block => ({ list: items });

const dpia: PackDocument = {
  slug: "dpia",
  title: "Data protection impact assessment (template)",
  summary:
    "A DPIA pre-filled for PyClass: what is processed, why, where, for how long, the risks and the measures.",
  sections: [
    {
      heading: "How to use this template",
      blocks: [
        p(
          "This assessment is filled in for PyClass as it is built. Your school is the controller of its pupils' data when it runs PyClass for them: read each part, change what differs at your school (marked [school to complete]), and have your data protection officer sign it off.",
        ),
        p(
          "School: [school to complete]. Data protection officer: [school to complete]. Date of review: [school to complete]. Next review: one year later, or when PyClass changes how it uses data.",
        ),
      ],
    },
    {
      heading: "1. What PyClass does",
      blocks: [
        p(
          "PyClass is a web application where pupils aged 11 to 16 learn Python and teachers set programming work, check it automatically and grade it. Python runs in the pupil's browser for instant feedback and again on the school's PyClass server, which alone decides a hand-in's result.",
        ),
      ],
    },
    {
      heading: "2. What is processed, and why",
      blocks: [
        {
          table: [
            ["Data", "Whose", "Why it is needed", "Lawful basis (suggested)"],
            [
              "Name, e-mail address, password hash, role",
              "Pupils, teachers, admins",
              "To sign in, and so a teacher knows whose work is whose",
              "Public task (education)",
            ],
            ["Classes joined", "Pupils", "So a teacher sees their class's work", "Public task"],
            [
              "Code handed in, test results, grades, teacher's comments",
              "Pupils",
              "Setting, checking and marking programming work",
              "Public task",
            ],
            [
              "Activity record: runs, edits and pastes while working on an assignment",
              "Pupils",
              "So the teacher can replay how the work was done and help; paste evidence, in fair words",
              "Public task",
            ],
            [
              "Help requests (question and the code at the time)",
              "Pupils",
              "Asking the teacher for help in a lesson",
              "Public task",
            ],
            ["Exercise saves", "Pupils", "Practice outside assignments", "Public task"],
            [
              "Activity record of library exercises: runs, edits and pastes while practising",
              "Pupils",
              "So the pupil can look back at their own history and carry on from another computer; only they see it",
              "Public task",
            ],
            [
              "Sign-in times, session records, request logs (no bodies)",
              "Everyone",
              "Security, and the inactive-account rule",
              "Legitimate interests / public task",
            ],
            [
              "Audit log: exports, deletions, transfers, role changes, retention runs",
              "Everyone (ids only)",
              "Accountability",
              "Legal obligation (UK GDPR art. 5(2))",
            ],
          ],
        },
        p(
          "Not processed: dates of birth, addresses, photographs, location, special category data, advertising identifiers. Pupils sign themselves up with a name and an e-mail address; nothing else is asked.",
        ),
      ],
    },
    {
      heading: "3. Where the data is, and who can see it",
      blocks: [
        p(
          "On the server that runs PyClass: your school's, or a provider your school chose (see Where data lives). Nothing is sent to PyClass's makers. E-mail goes through the SMTP provider your school configures, if any.",
        ),
        list(
          "A pupil sees their own data, and only the names of their classmates.",
          "A teacher sees their own classes: their pupils' names, e-mail addresses, work, results, grades, activity record and help requests.",
          "An admin manages the exercise library, the retention periods and the audit log, and sees every class with its members' names and e-mail addresses. Admins cannot read a pupil's activity record.",
          "Every permission is checked on the server for every request.",
        ),
      ],
    },
    {
      heading: "4. How long it is kept",
      blocks: [
        p(
          "The periods are set by the school's admin (Admin, Data retention) and shown to everyone on the page How long we keep data. A daily job applies them and records the counts in the audit log. The defaults:",
        ),
        list(
          "Activity record and help requests: until the end of the school year (31 August).",
          "A class's submissions, grades and comments: 2 years after the class's last activity.",
          "Accounts with no sign-in for 24 months: warned by e-mail, deleted 30 days later unless someone signs in.",
          '"Download my data" files: 7 days.',
          "The audit log (account ids and counts, never names or e-mail addresses): 24 months after each entry; the admin may choose 12 months to 10 years.",
          'Deleted accounts: erased 14 days after the owner confirmed (signing in cancels); a teacher\'s grade book keeps an anonymous "Former student" line.',
        ),
      ],
    },
    {
      heading: "5. Pupils' rights",
      blocks: [
        list(
          "Access and portability: Settings, Download my data (a ZIP with data.json and each hand-in's code).",
          "Erasure: Settings, Delete my account (password, e-mailed confirmation, 14-day grace period).",
          "Rectification: a pupil changes their name and e-mail in Settings; a teacher corrects grades.",
          "Information: a plain-words summary at sign-up and at the top of the privacy page; What is recorded explains the activity record.",
        ),
      ],
    },
    {
      heading: "6. Risks and measures",
      blocks: [
        {
          table: [
            ["Risk", "Likelihood / severity", "Measures in PyClass", "Residual risk"],
            [
              "A pupil sees another pupil's work or grades",
              "Low / medium",
              "Server-side checks per request; a route-by-role matrix test covers every route",
              "Low",
            ],
            [
              "A pupil's program attacks the server",
              "Medium / high",
              "Sandboxed interpreter process: no network, no files, memory and time limits",
              "Low",
            ],
            [
              "Passwords guessed",
              "Medium / medium",
              "Rate limits per address, browser and account; common passwords refused",
              "Low",
            ],
            [
              "Data kept longer than needed",
              "Medium / medium",
              "Retention job with admin-set periods; audit log of each run",
              "Low",
            ],
            [
              "Activity record feels like surveillance",
              "Medium / medium",
              "Recorded only inside assignments and library exercises; an assignment's shown to the class's teacher only, an exercise's to the pupil only; explained to pupils where it happens, deleted at the end of the school year",
              "Low",
            ],
            [
              "A teacher leaves and their classes are orphaned",
              "Medium / low",
              "Class transfer to another teacher (accepted by them)",
              "Low",
            ],
            [
              "Data lost in a power cut",
              "Low / medium",
              "PostgreSQL for production; `npm run backup`",
              "Low",
            ],
            [
              "Breach at the hosting provider",
              "Low / high",
              "TLS, private data directory, secrets outside the code; see Breach process",
              "Medium: depends on the host",
            ],
          ],
        },
      ],
    },
    {
      heading: "7. Sign-off",
      blocks: [
        p(
          "Measures approved by: [school to complete]. DPO advice: [school to complete]. Decision: [school to complete].",
        ),
      ],
    },
  ],
};

const processorTerms: PackDocument = {
  slug: "processor-terms",
  title: "Processor terms",
  summary: "The terms a school signs when a provider runs PyClass for its pupils (UK GDPR article 28).",
  sections: [
    {
      heading: "Who is who",
      blocks: [
        p(
          'The school is the controller. The organisation that hosts and operates PyClass for the school ("the processor") processes personal data only on the school\'s documented instructions. A school that runs PyClass on its own server is both, and needs no processor terms.',
        ),
      ],
    },
    {
      heading: "What the processor agrees to",
      blocks: [
        list(
          "Process pupils' and staff's data only to provide PyClass to the school, and only on the school's written instructions.",
          "Keep it confidential: only staff who need access have it, under a duty of confidentiality.",
          "Keep it secure: TLS, the database in the UK or EEA unless the school agrees otherwise in writing, backups encrypted, access logged.",
          "Use no sub-processor without the school's prior written permission; the current list is on the Sub-processors page.",
          "Help the school answer pupils' requests (access, erasure, rectification): PyClass's own tools do most of it.",
          "Tell the school without undue delay, and within 24 hours, of any personal data breach (see Breach process).",
          "Apply the retention periods the school's admin sets, and at the end of the contract delete or return all data within 30 days, as the school chooses.",
          "Make available everything needed to show these terms are kept, and allow audits.",
        ),
      ],
    },
    {
      heading: "Details of the processing",
      blocks: [
        p(
          "Subject matter and purpose: teaching programming. Duration: the contract's. Categories of people: pupils, teachers, school admins. Categories of data: as in the DPIA, section 2. No special category data.",
        ),
        p("Signed for the school: [name, role, date]. Signed for the processor: [name, role, date]."),
      ],
    },
  ],
};

const subProcessors: PackDocument = {
  slug: "sub-processors",
  title: "Sub-processors",
  summary: "Who else handles the data: nobody when self-hosted; the e-mail provider when one is configured.",
  sections: [
    {
      heading: "When your school hosts PyClass itself",
      blocks: [
        p(
          "None. PyClass calls no outside service: no analytics, no fonts or scripts from other sites, no error-reporting service, no advertising. Python runs on your server and in pupils' browsers, from files your server serves.",
        ),
      ],
    },
    {
      heading: "E-mail",
      blocks: [
        p(
          "If an operator sets SMTP_URL, confirmation, password-reset, class-transfer, data-export and account-warning e-mails are handed to that SMTP provider, which then processes the recipient's name and e-mail address. Without SMTP_URL, e-mail stays in PyClass's own outbox. This server's current setting is shown below.",
        ),
      ],
    },
    {
      heading: "When a provider hosts it for you",
      blocks: [
        p(
          "Add the provider's hosting company (servers, database, backups) here, with where each stores data: [school to complete].",
        ),
      ],
    },
  ],
};

const whereDataLives: PackDocument = {
  slug: "where-data-lives",
  title: "Where data lives",
  summary: "On your server, or on your provider's: one database, one data directory, nothing elsewhere.",
  sections: [
    {
      heading: "One place",
      blocks: [
        p(
          "Everything PyClass keeps is in one database: the embedded database in the data directory (DATA_DIR) of the computer running PyClass, or the PostgreSQL server named by DATABASE_URL. The data directory also holds the signing secret. Backups go where the operator puts them (npm run backup).",
        ),
        p(
          "Pupils' browsers keep unsent drafts and activity batches in local storage until the server has them; signing out clears the page's cached data.",
        ),
      ],
    },
    {
      heading: "Your server or ours",
      blocks: [
        list(
          "Self-hosted: the data never leaves the school's network, except e-mail if SMTP_URL is set.",
          "Hosted for you: the processor's servers, in the country its processor terms name.",
        ),
        p("This server's database kind and address are shown below."),
      ],
    },
  ],
};

const breach: PackDocument = {
  slug: "breach",
  title: "Breach process",
  summary: "What happens, and who tells whom, when personal data may have been exposed.",
  sections: [
    {
      heading: "The steps",
      blocks: [
        list(
          "Contain: whoever notices tells the operator at once. The operator stops the leak (takes PyClass offline if needed), rotates AUTH_SECRET (which signs everyone out) and changes database passwords.",
          "Record: what happened, when, which data and whose, from the request log (X-Request-Id), the audit log and the server's logs. Keep the record even if nothing was exposed.",
          "Tell the school: a hosting processor tells the school's data protection officer within 24 hours of becoming aware.",
          "Tell the ICO: the school reports to the Information Commissioner's Office within 72 hours of becoming aware, unless the breach is unlikely to risk anyone's rights.",
          "Tell the people affected: when the risk is high, the school tells the pupils and parents, in plain words, what happened and what to do (for example, change a password used elsewhere).",
          "Learn: fix the cause, add a test that would have caught it, and review this DPIA.",
        ),
      ],
    },
    {
      heading: "Contacts",
      blocks: [
        p(
          "Operator: [school to complete]. Data protection officer: [school to complete]. ICO: ico.org.uk, 0303 123 1113.",
        ),
      ],
    },
  ],
};

const accessibility: PackDocument = {
  slug: "accessibility",
  title: "Accessibility statement",
  summary: "PyClass aims for WCAG 2.2 AA; how it is measured and the gaps we know of.",
  sections: [
    {
      heading: "Our aim",
      blocks: [
        p(
          "PyClass should work for every pupil and teacher: with a keyboard alone, with a screen reader, zoomed to 400 %, on a phone and on a school desktop. We aim to meet WCAG 2.2 at level AA.",
        ),
      ],
    },
    {
      heading: "How we measure it",
      blocks: [
        p(
          "Every page of the app, and its dialogs, is checked by axe-core for WCAG 2.0, 2.1 and 2.2 A and AA rules at a desktop width (1280×800) and a phone width (390×844) on every change (tests/e2e/a11y-all-routes.spec.ts). The result: no violations on any page. Each page also has its own title, one main heading and, signed in, a skip link. Keyboard journeys (Ctrl/Cmd+Enter runs code, every action reachable) have their own tests.",
        ),
        p(
          "Automated checks find about a third of accessibility problems; the rest needs people. We have not yet had an audit by disabled users or an accessibility specialist.",
        ),
      ],
    },
    {
      heading: "Known gaps",
      blocks: [
        list(
          "The code editor (CodeMirror) traps the Tab key for indentation; press Escape then Tab to leave it. Screen-reader support inside the editor is CodeMirror's own.",
          "The teacher's replay and live lesson change a lot on screen; their announcements to screen readers are brief.",
          "Charts on the insights page are pictures beside tables holding the same numbers; use the tables.",
          "Turtle drawings are visual only; the program's text output is the accessible result.",
        ),
      ],
    },
    {
      heading: "Tell us",
      blocks: [
        p(
          "If something stops you using PyClass, tell your teacher or the contact on the Contact page. We answer within 5 working days. If you are not happy with the answer, contact the Equality Advisory and Support Service (EASS).",
        ),
      ],
    },
  ],
};

export const SCHOOL_PACK: PackDocument[] = [
  dpia,
  processorTerms,
  subProcessors,
  whereDataLives,
  breach,
  accessibility,
];

/** The same text as Markdown, for docs/schools/<slug>.md. */
export function toMarkdown(doc: PackDocument): string {
  const out: string[] = [
    `<!-- Generated from src/client/features/schools/school-pack.ts by \`npx tsx scripts/school-pack.ts\`; edit that file. -->`,
    "",
    `# ${doc.title}`,
    "",
    doc.summary,
  ];
  for (const section of doc.sections) {
    out.push("", `## ${section.heading}`);
    for (const block of section.blocks) {
      out.push("");
      if ("p" in block) out.push(block.p);
      else if ("list" in block) out.push(...block.list.map((item) => `- ${item}`));
      else {
        const [head, ...rows] = block.table;
        const row = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
        out.push(row(head), row(head.map(() => "---")), ...rows.map(row));
      }
    }
  }
  return `${out.join("\n")}\n`;
}
