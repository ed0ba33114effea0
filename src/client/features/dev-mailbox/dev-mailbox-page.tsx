// /dev/mailbox: the development outbox, so sign-up and reset links can be followed without SMTP.
// The server answers it only outside production and only to a browser on the same computer.
import { useOutbox } from "@/client/api/dev-mailbox.ts";
import { usePageTitle } from "@/client/lib/page-title.tsx";

export function DevMailboxPage() {
  usePageTitle("Development mailbox");
  const mails = useOutbox();
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold">Development mailbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        E-mails PyClass would have sent. This page works only outside production, in a browser on the computer
        running PyClass.
      </p>
      {mails.isPending && <p className="mt-6">Loading...</p>}
      {mails.isError && (
        <p className="mt-6 text-red-700">
          The mailbox is not available here. It opens only on the computer running PyClass in development (at
          http://localhost:{window.location.port || "3000"}/dev/mailbox), never over the network and never in
          production.
        </p>
      )}
      {mails.data?.length === 0 && <p className="mt-6 text-slate-600">No e-mails yet.</p>}
      <ul className="mt-6 space-y-4">
        {mails.data?.map((m) => (
          <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <div className="text-xs text-slate-500">
              To {m.to} · {new Date(m.createdAt).toLocaleString("en-GB")}
            </div>
            <div className="mt-1 font-medium">{m.subject}</div>
            <pre className="mt-2 text-sm whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">
              {m.text}
            </pre>
            {m.link && (
              <a className="mt-2 inline-block text-sm font-medium text-brand-700 underline" href={m.link}>
                Open link
              </a>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}
