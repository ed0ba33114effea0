// The way back from a class's own pages (its help requests, its live lesson) to the class.
import { ArrowLeft } from "lucide-react";
import { ButtonLink } from "@/client/components/ui/button.tsx";

export function BackToClass({ classId }: { classId: string }) {
  return (
    <ButtonLink to={`/teacher/classes/${classId}`} variant="ghost" size="sm" className="mb-4 -ml-2">
      <ArrowLeft className="size-4" aria-hidden />
      Back to the class
    </ButtonLink>
  );
}
