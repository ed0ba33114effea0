// One school-pack document as a page: its sections from school-pack.ts, headings in order, tables
// with their header row. The sub-processor and where-data-lives pages add this server's facts.
import { Link } from "react-router";
import { useServerFacts } from "@/client/api/schools.ts";
import { TableScroll } from "@/client/components/ui/table.tsx";
import { PageHeader } from "@/client/features/public/index.ts";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import { type Block, type PackDocument, SCHOOL_PACK } from "./school-pack.ts";

function BlockView({ block, caption }: { block: Block; caption: string }) {
  if ("p" in block) return <p>{block.p}</p>;
  if ("list" in block)
    return (
      <ul className="list-disc space-y-1 pl-6">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  const [head, ...rows] = block.table;
  return (
    <TableScroll label={caption}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {head.map((cell) => (
              <th key={cell} scope="col" className="py-2 pr-4 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) => (
                <td key={`${row[0]}-${head[i]}`} className="py-2 pr-4 align-top">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** This server, as the pack describes it: read at request time, so it is never out of date. */
function ServerFactsNote({ slug }: { slug: string }) {
  const facts = useServerFacts();
  if (slug !== "sub-processors" && slug !== "where-data-lives") return null;
  let text = "Reading this server's settings…";
  if (facts.isError) text = "This server's settings could not be read just now.";
  else if (facts.data && slug === "sub-processors")
    text = facts.data.smtpHost
      ? `This server sends e-mail through ${facts.data.smtpHost}: that provider is its one sub-processor.`
      : "This server has no SMTP provider set: e-mail stays in its own outbox, and it has no sub-processors.";
  else if (facts.data)
    text =
      facts.data.database === "postgres"
        ? "This server keeps its data in a PostgreSQL database its operator runs."
        : "This server keeps its data in the embedded database in its own data directory.";
  return (
    <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm">
      {text}
    </p>
  );
}

export function PackDocumentPage({ doc }: { doc: PackDocument }) {
  usePageTitle(doc.title);
  return (
    <>
      <PageHeader eyebrow="For schools" title={doc.title}>
        {doc.summary}
      </PageHeader>
      <article className="mx-auto max-w-4xl space-y-8 px-4 py-12 text-slate-800">
        <ServerFactsNote slug={doc.slug} />
        {doc.sections.map((section) => (
          <section key={section.heading} className="space-y-3">
            <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
            {section.blocks.map((block, i) => (
              <BlockView
                key={`${section.heading}-${i}`}
                block={block}
                caption={`${section.heading}: table`}
              />
            ))}
          </section>
        ))}
        <p>
          <Link to="/schools" className="font-medium text-brand-700 underline">
            All the papers for schools
          </Link>
        </p>
      </article>
    </>
  );
}

const bySlug = (slug: string) => SCHOOL_PACK.find((d) => d.slug === slug)!;
export const DpiaPage = () => <PackDocumentPage doc={bySlug("dpia")} />;
export const ProcessorTermsPage = () => <PackDocumentPage doc={bySlug("processor-terms")} />;
export const SubProcessorsPage = () => <PackDocumentPage doc={bySlug("sub-processors")} />;
export const WhereDataLivesPage = () => <PackDocumentPage doc={bySlug("where-data-lives")} />;
export const BreachPage = () => <PackDocumentPage doc={bySlug("breach")} />;
export const AccessibilityPage = () => <PackDocumentPage doc={bySlug("accessibility")} />;
