// The read-only summary tells the teacher what a student's editor opens with.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TeacherAssignmentDetail } from "@/shared/api/assignments.ts";
import { AssignmentSummary } from "./assignment-summary.tsx";

const assignment = (starterCode: string): TeacherAssignmentDetail => ({
  id: "a1",
  name: "Echo",
  description: "",
  language: "python",
  dueDate: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  starterCode,
  class: { id: "c1", name: "Year 10" },
  testCases: [],
});

describe("AssignmentSummary starter code", () => {
  it("without starter code, says students start with # Your code here, not an empty editor", () => {
    for (const blank of ["", "  \n"]) {
      const html = renderToStaticMarkup(<AssignmentSummary assignment={assignment(blank)} />);
      expect(html).toContain("# Your code here");
      expect(html).not.toContain("empty editor");
    }
  });
  it("shows starter code as students get it, escapes in strings kept", () => {
    const html = renderToStaticMarkup(
      <AssignmentSummary assignment={assignment('print("a\\nb")\\nname = input()')} />,
    );
    expect(html).toContain("print(&quot;a\\nb&quot;)\nname = input()");
  });
});
