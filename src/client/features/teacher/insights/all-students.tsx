// Every student of the selected classes, not only those at risk, so the teacher can open anyone's
// Performance Overview. Folded away by default: the risk lists come first.
import { Badge } from "@/client/components/ui/badge.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import {
  RowHeader,
  Table,
  TableBody,
  TableHead,
  TableRow,
  TableScroll,
  Td,
  Th,
} from "@/client/components/ui/table.tsx";
import { formatDate } from "@/client/lib/format.ts";
import type { StudentInsight } from "@/shared/api/insights.ts";
import { NO_DATA, percentOrNoData } from "./insights-view.ts";
import type { OpenStudent } from "./risk-alerts.tsx";

export function AllStudents({ rows, onOpen }: { rows: StudentInsight[]; onOpen: OpenStudent }) {
  if (rows.length === 0) return null;
  return (
    <Card className="p-5">
      <details>
        <summary className="cursor-pointer text-lg font-semibold">All Students ({rows.length})</summary>
        <TableScroll label="All students table" className="mt-4 max-h-[28rem] overflow-auto">
          <Table>
            <TableHead sticky className="bg-white">
              <TableRow>
                <Th>Student</Th>
                <Th>Average Score</Th>
                <Th>Assignments Completed</Th>
                <Th>Last Activity</Th>
                <Th>At Risk</Th>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={`${r.student.id}:${r.class.id}`}>
                  <RowHeader>
                    <button
                      type="button"
                      onClick={() => onOpen(r)}
                      className="text-left font-medium text-brand-700 hover:underline"
                    >
                      {r.student.name}
                      <span className="sr-only"> — open Student Performance Overview</span>
                    </button>
                    <span className="block text-xs text-slate-600">{r.class.name}</span>
                  </RowHeader>
                  <Td>{percentOrNoData(r.averageScore)}</Td>
                  <Td>
                    {r.assignmentsCompleted} of {r.assignmentsTotal}
                  </Td>
                  <Td>{r.lastActivity ? formatDate(r.lastActivity) : NO_DATA}</Td>
                  <Td>
                    <span className="flex flex-wrap gap-1">
                      {r.struggling && <Badge tone="red">Struggling</Badge>}
                      {r.fallingBehind && <Badge tone="yellow">Falling behind</Badge>}
                      {!r.struggling && !r.fallingBehind && <Badge tone="green">Keeping up</Badge>}
                    </span>
                  </Td>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      </details>
    </Card>
  );
}
