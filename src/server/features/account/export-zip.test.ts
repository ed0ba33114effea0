// "Download my data"'s ZIP is deflated on the zipper thread, not the request's (decision 076), and
// holds exactly the files it was given.
import { threadId as mainThreadId } from "node:worker_threads";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStudent } from "../../../../tests/factories/users.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { closeApp, exportFor, openExport } from "./account-test-setup.ts";
import { exportZipper, zipTexts } from "./export-zip.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await closeApp(t);
  await exportZipper.stop();
});

const unzipTexts = (zip: Uint8Array) =>
  Object.fromEntries(Object.entries(unzipSync(zip)).map(([path, bytes]) => [path, strFromU8(bytes)]));

describe("the export zipper", () => {
  it("zips on its own thread exactly the files it was given", async () => {
    const files = {
      "data.json": `${JSON.stringify({ name: "Zoë Ñandú 🐍", events: Array.from({ length: 5000 }, (_, i) => i) })}\n`,
      "code/empty.py": "",
      "code/hello.py": 'print("hello")\n',
    };
    const before = exportZipper.jobsDone;
    const zip = await zipTexts(files);
    expect(exportZipper.jobsDone).toBe(before + 1);
    expect(exportZipper.threadId).not.toBeNull();
    expect(exportZipper.threadId).not.toBe(mainThreadId);
    expect(unzipTexts(zip)).toEqual(files);
  });

  it("zips a real export there: the student downloads it whole", async () => {
    const student = await createStudent(t);
    const before = exportZipper.jobsDone;
    const e = await exportFor(t, student);
    expect(e.status).toBe("ready");
    expect(exportZipper.jobsDone).toBe(before + 1);
    const { data } = await openExport(t, student, e);
    expect(data.profile).toMatchObject({ id: student.id, email: student.email });
  });
});
