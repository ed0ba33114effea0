// /test (admins only): every class with its owner and its members' profiles.
import { ArrowLeft, Users } from "lucide-react";
import { useClassesOverview } from "@/client/api/admin.ts";
import { Badge } from "@/client/components/ui/badge.tsx";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { EmptyState } from "@/client/components/ui/empty-state.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { Table, TableBody, TableHead, TableRow, TableScroll, Td, Th } from "@/client/components/ui/table.tsx";
import { formatDate } from "@/client/lib/format.ts";

export function ClassesOverviewPage() {
  const overview = useClassesOverview();
  const heading = (
    <PageHeading
      title="Classes overview"
      subtitle="Every class on PyClass, its owner and its members."
      actions={
        <ButtonLink to="/admin" variant="secondary" size="sm">
          <ArrowLeft className="size-4" aria-hidden />
          Back to Admin Dashboard
        </ButtonLink>
      }
    />
  );
  if (overview.isPending)
    return (
      <>
        {heading}
        <Loading text="Loading classes..." />
      </>
    );
  if (overview.isError)
    return (
      <>
        {heading}
        <QueryError what="the classes" error={overview.error} onRetry={() => overview.refetch()} />
      </>
    );
  const { classes } = overview.data;
  return (
    <>
      {heading}
      {classes.length === 0 ? (
        <EmptyState icon={Users} title="No classes yet">
          Classes appear here once a teacher creates one.
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {classes.map((c) => (
            <li key={c.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                {c.name}
                <Badge>Code {c.joinCode}</Badge>
                <Badge tone="blue">
                  {c.members.length} {c.members.length === 1 ? "member" : "members"}
                </Badge>
              </h3>
              {c.description && <p className="mt-1 text-sm text-slate-600">{c.description}</p>}
              <p className="mt-1 text-sm text-slate-700">
                Owner: {c.owner.name} ({c.owner.email}) · created {formatDate(c.createdAt)}
              </p>
              {c.members.length === 0 ? (
                <p className="mt-3 text-sm text-slate-600">No members yet.</p>
              ) : (
                <TableScroll label={`Members of ${c.name}`} className="mt-3 overflow-x-auto">
                  <Table caption={`Members of ${c.name}`} density="tight">
                    <TableHead>
                      <TableRow>
                        <Th>Name</Th>
                        <Th>Email</Th>
                        <Th>Role</Th>
                        <Th>Joined</Th>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {c.members.map((m) => (
                        <TableRow key={m.id}>
                          <Td>{m.name}</Td>
                          <Td>{m.email}</Td>
                          <Td className="capitalize">{m.role}</Td>
                          <Td>{formatDate(m.joinedAt)}</Td>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableScroll>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
