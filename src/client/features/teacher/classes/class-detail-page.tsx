// Class details (spec 02 §2): code with copy, 'Students (n)', grade export, 'Back to Classes';
// beyond the spec, deleting the class and removing a student (each asks first).
import { ArrowLeft, Download, Hand, Radio } from "lucide-react";
import { useParams } from "react-router";
import { classExportUrl, useClass } from "@/client/api/classes.ts";
import { ButtonLink, buttonClass } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { PageHeading } from "@/client/components/ui/page-heading.tsx";
import { QueryError } from "@/client/components/ui/query-error.tsx";
import { SkeletonList } from "@/client/components/ui/skeleton.tsx";
import { hasErrorCode } from "@/client/lib/api.ts";
import { TransferClassCard } from "../transfers/transfer-class-card.tsx";
import { ClassCode } from "./class-code.tsx";
import { DeleteClassButton } from "./delete-class-button.tsx";
import { RemoveStudentButton } from "./remove-student-button.tsx";
import { StudentList } from "./student-list.tsx";

export function ClassDetailPage() {
  const { classId = "" } = useParams();
  const klass = useClass(classId);

  const back = (
    <ButtonLink to="/teacher/classes" variant="ghost" size="sm" className="mb-4 -ml-2">
      <ArrowLeft className="size-4" aria-hidden />
      Back to Classes
    </ButtonLink>
  );

  if (klass.isPending) {
    return (
      <div>
        {back}
        <SkeletonList rows={2} className="h-32" />
      </div>
    );
  }
  if (klass.isError) {
    const missing = hasErrorCode(klass.error, "NOT_FOUND");
    return (
      <div>
        {back}
        {missing ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            This class was not found, or it is not one of yours.
          </p>
        ) : (
          <QueryError what="this class" error={klass.error} onRetry={() => klass.refetch()} />
        )}
      </div>
    );
  }

  const c = klass.data;
  return (
    <div>
      {back}
      <PageHeading
        title={c.name}
        subtitle={c.description || undefined}
        actions={
          <>
            <ButtonLink to={`/teacher/classes/${c.id}/live`}>
              <Radio className="size-4" aria-hidden />
              Live lesson
            </ButtonLink>
            <ButtonLink to={`/teacher/classes/${c.id}/help`} variant="secondary">
              <Hand className="size-4" aria-hidden />
              Help requests
            </ButtonLink>
            <a href={classExportUrl(c.id)} download className={buttonClass("secondary")}>
              <Download className="size-4" aria-hidden />
              Download CSV
              <span className="sr-only"> of grades for {c.name}</span>
            </a>
            <DeleteClassButton classId={c.id} name={c.name} />
          </>
        }
      />
      <Card className="mb-6 p-5">
        <h3 className="mb-3 text-lg font-semibold">Details</h3>
        <ClassCode code={c.joinCode} />
        <p className="mt-2 text-sm text-slate-600">Students enter this code under My Classes → Join Class.</p>
      </Card>
      <Card className="p-5">
        <h3 className="mb-2 text-lg font-semibold">Students ({c.members.length})</h3>
        <StudentList members={c.members} action={(m) => <RemoveStudentButton klass={c} student={m} />} />
      </Card>
      <TransferClassCard classId={c.id} className={c.name} />
    </div>
  );
}
