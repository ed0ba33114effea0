import { Users } from "lucide-react";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import type { ClassSummary } from "@/shared/api/classes.ts";
import { ClassCode } from "./class-code.tsx";

function studentCountLabel(n: number): string {
  return `${n} ${n === 1 ? "student" : "students"}`;
}

export function ClassCard({ klass }: { klass: ClassSummary }) {
  return (
    <Card className="flex flex-col p-5">
      <h3 className="text-lg font-semibold text-slate-900">{klass.name}</h3>
      {klass.description && <p className="mt-1 text-sm text-slate-600">{klass.description}</p>}
      <div className="mt-4 flex-1 space-y-3">
        <ClassCode code={klass.joinCode} />
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Users className="size-4" aria-hidden />
          {studentCountLabel(klass.studentCount)}
        </p>
      </div>
      <ButtonLink
        to={`/teacher/classes/${klass.id}`}
        variant="secondary"
        className="mt-4"
        aria-label={`View Details of ${klass.name}`}
      >
        View Details
      </ButtonLink>
    </Card>
  );
}
