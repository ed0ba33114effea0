// Imports are read on the reader thread, not the request's (decision 076): every read is a job of
// the thread; a read that outlives the time limit is a 503 to try again, nothing is saved, and the
// next file is read on a fresh thread.
import { readFileSync } from "node:fs";
import { threadId as mainThreadId } from "node:worker_threads";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { assignments } from "@/server/db/schema.ts";
import { INTERCHANGE_MESSAGES } from "@/shared/api/interchange.ts";
import { errorOf } from "../../../../tests/setup/error-body.ts";
import { setUpInterchangeSchool } from "./interchange.factory.ts";
import { interchangeReader } from "./interchange-reader.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/interchange/${name}`, import.meta.url), "utf8");
const BANK = fixture("coderunner-bank.xml");

const s = setUpInterchangeSchool();
const timeLimit = interchangeReader.timeLimitMs;
afterEach(() => {
  interchangeReader.timeLimitMs = timeLimit;
});
afterAll(() => interchangeReader.stop());

describe("the reader thread", () => {
  it("reads every preview and every save, CodeRunner and GitHub Classroom, off the request's thread", async () => {
    const before = interchangeReader.jobsDone;
    expect((await s.post("/coderunner/assignments/preview", s.teacher, { file: BANK })).status).toBe(200);
    const save = await s.post("/coderunner/assignments", s.teacher, {
      file: BANK,
      classId: s.cls.id,
      questions: [1],
    });
    expect(save.status).toBe(201);
    const classroom = await s.post("/github-classroom/preview", s.teacher, {
      file: fixture("autograding.json"),
    });
    expect(classroom.status).toBe(200);
    expect(interchangeReader.jobsDone).toBe(before + 3);
    expect(interchangeReader.threadId).not.toBeNull();
    expect(interchangeReader.threadId).not.toBe(mainThreadId);
  });

  it("passes the file's own refusal on from the thread: a 400 naming the line", async () => {
    const res = await s.post("/coderunner/assignments/preview", s.teacher, {
      file: "<quiz><question></quiz>",
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: "INVALID_FILE",
      message: expect.stringContaining("line 1"),
    });
  });

  it("answers a read past the time limit with a 503 to try again, saves nothing, and reads the next file on a fresh thread", async () => {
    await s.post("/coderunner/assignments/preview", s.teacher, { file: BANK });
    const firstThread = interchangeReader.threadId;
    const saved = await s.rowsIn(assignments);
    // 1 ms: no read fits, not even the fresh thread's start, so each read below is ended mid-way.
    interchangeReader.timeLimitMs = 1;
    for (const [path, body] of [
      ["/coderunner/assignments/preview", { file: BANK }],
      ["/coderunner/assignments", { file: BANK, classId: s.cls.id, questions: [1] }],
    ] as const) {
      const res = await s.post(path, s.teacher, body);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("10");
      expect(await errorOf(res)).toMatchObject({ code: "BUSY", message: INTERCHANGE_MESSAGES.readFailed });
    }
    expect(await s.rowsIn(assignments)).toBe(saved);

    interchangeReader.timeLimitMs = timeLimit;
    const next = await s.post("/coderunner/assignments/preview", s.teacher, { file: BANK });
    expect(next.status).toBe(200);
    expect(interchangeReader.threadId).not.toBe(firstThread);
  });
});
