import { describe, expect, it } from "vitest";
import type { ActivityHistory } from "@/shared/api/activity.ts";
import type { LiveTile } from "@/shared/api/live.ts";
import { codeNow } from "./live-student-page.tsx";
import { presenceWords } from "./live-tile.tsx";

const tile = (o: Partial<LiveTile>): LiveTile => ({
  studentId: "s",
  name: "Ida",
  state: "working",
  online: true,
  open: null,
  lastEventAt: "2026-11-25T10:00:00.000Z",
  idleMinutes: 0,
  reasons: [],
  lastRun: null,
  testsNow: null,
  testsAtStart: null,
  repeatedError: null,
  handRaisedAt: null,
  ...o,
});

describe("presenceWords", () => {
  it("says online, idle, last seen or not here", () => {
    expect(presenceWords(tile({}))).toBe("Online now");
    expect(presenceWords(tile({ idleMinutes: 1 }))).toBe("Online, idle 1 min");
    expect(presenceWords(tile({ online: false, idleMinutes: 12 }))).toBe("Last seen 12 min ago");
    expect(presenceWords(tile({ online: false, idleMinutes: null, lastEventAt: null }))).toBe(
      "Not here this lesson",
    );
  });
});

describe("codeNow", () => {
  const history = (events: ActivityHistory["events"]): ActivityHistory => ({
    assignmentId: "a",
    studentId: "s",
    studentName: "Ida",
    starterCode: "# start",
    events,
    submissions: [],
  });
  const at = (i: number) => `2026-11-25T10:00:0${i}.000Z`;

  it("is the latest full copy with the edits after it", () => {
    const code = codeNow(
      history([
        { id: 1, sessionId: "v", time: at(0), event: { type: "snapshot", at: 0, code: "x = 1" } },
        {
          id: 2,
          sessionId: "v",
          time: at(1),
          event: { type: "edit", at: 1, changes: [5, [0, "", "print(x)"]], length: 14 },
        },
        { id: 3, sessionId: "v", time: at(2), event: { type: "tests", at: 2, passed: 0, total: 1 } },
      ]),
    );
    expect(code).toBe("x = 1\nprint(x)");
  });

  it("is null when nothing was recorded", () => {
    expect(codeNow(null)).toBeNull();
    expect(codeNow(history([]))).toBeNull();
  });
});
