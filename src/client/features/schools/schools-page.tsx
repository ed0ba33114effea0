// /schools: the papers a school's data protection officer asks for before pupils may use PyClass.
import { Link } from "react-router";
import { PageHeader } from "@/client/features/public/index.ts";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import { SCHOOL_PACK } from "./school-pack.ts";

export function SchoolsPage() {
  usePageTitle("For schools");
  return (
    <>
      <PageHeader eyebrow="For schools" title="The school pack">
        Everything your data protection officer will ask for, filled in for PyClass. The same text is in the
        project's docs/schools folder.
      </PageHeader>
      <div className="mx-auto max-w-4xl px-4 py-12">
        <ul className="grid gap-4 sm:grid-cols-2">
          {SCHOOL_PACK.map((doc) => (
            <li key={doc.slug} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="text-lg font-semibold">
                <Link to={`/schools/${doc.slug}`} className="text-brand-700 underline">
                  {doc.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-slate-700">{doc.summary}</p>
            </li>
          ))}
          <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="text-lg font-semibold">
              <Link to="/data-retention" className="text-brand-700 underline">
                How long we keep data
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              The retention periods in force on this server, set by its admin.
            </p>
          </li>
        </ul>
      </div>
    </>
  );
}
