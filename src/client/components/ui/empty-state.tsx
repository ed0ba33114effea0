import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "./card.tsx";

/** What a list shows when it has nothing yet: the spec's empty text and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Card className="p-10 text-center">
      <Icon className="mx-auto size-10 text-slate-400" aria-hidden />
      <p className="mt-3 text-lg font-medium">{title}</p>
      {children && <p className="mt-1 text-sm text-slate-600">{children}</p>}
    </Card>
  );
}
