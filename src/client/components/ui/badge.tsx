import type { ReactNode } from "react";
import type { BadgeTone } from "@/shared/domain/tones.ts";

const tones: Record<BadgeTone, string> = {
  slate: "bg-slate-100 text-slate-700",
  blue: "bg-blue-100 text-blue-800",
  green: "bg-green-100 text-green-800",
  yellow: "bg-yellow-100 text-yellow-800",
  red: "bg-red-100 text-red-800",
  purple: "bg-purple-100 text-purple-800",
};

export type { BadgeTone } from "@/shared/domain/tones.ts";

export function Badge({
  tone = "slate",
  children,
  "data-testid": testId,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
