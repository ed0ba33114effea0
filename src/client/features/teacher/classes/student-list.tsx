import type { ReactNode } from "react";
import type { ClassMember } from "@/shared/api/classes.ts";

/** The first letter of a name for the avatar circle. */
export function initial(name: string): string {
  return name.trim().charAt(0).toUpperCase() || "?";
}

export function StudentList({
  members,
  action,
}: {
  members: ClassMember[];
  /** A control at the end of each row (the teacher's Remove). */
  action?: (member: ClassMember) => ReactNode;
}) {
  if (members.length === 0) {
    return <p className="text-sm text-slate-600">No students have joined this class yet.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200">
      {members.map((m) => (
        <li key={m.id} className="flex items-center gap-3 py-3">
          <span
            aria-hidden
            className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-700"
          >
            {initial(m.name)}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-slate-900">{m.name}</span>
            {m.email && <span className="block truncate text-sm text-slate-600">{m.email}</span>}
          </span>
          {action?.(m)}
        </li>
      ))}
    </ul>
  );
}
