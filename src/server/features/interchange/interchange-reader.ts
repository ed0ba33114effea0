// The import reader (decision 076): every CodeRunner and GitHub Classroom file is read on one
// worker thread per server process (interchange-reader-thread.mjs), so a 200-question bank never
// holds other requests while it parses. Files wait in line; past READERS_WAITING, or when a read
// outlives READ_TIME_LIMIT_MS (its thread is replaced), the teacher gets a 503 to try again.
import { AppError } from "@/server/errors.ts";
import { JobThread } from "@/server/workers/job-thread.ts";
import {
  type ClassroomPreview,
  type CodeRunnerPreview,
  type ImportTarget,
  INTERCHANGE_MESSAGES,
} from "@/shared/api/interchange.ts";
import type { ReadJob } from "./interchange-read.ts";

/** Files waiting behind the one being read (each user reads one at a time: the routes' lease). */
const READERS_WAITING = 16;
/** The largest bank allowed reads in about a second; twenty means a file built to be slow. */
const READ_TIME_LIMIT_MS = 20_000;

export const interchangeReader = new JobThread<ReadJob, CodeRunnerPreview | ClassroomPreview>({
  name: "Import reader",
  url: new URL("./interchange-reader-thread.mjs", import.meta.url),
  maxWaiting: READERS_WAITING,
  timeLimitMs: READ_TIME_LIMIT_MS,
  busy: () => new AppError("BUSY", 503, INTERCHANGE_MESSAGES.readerBusy, { "Retry-After": "10" }),
  failed: () => new AppError("BUSY", 503, INTERCHANGE_MESSAGES.readFailed, { "Retry-After": "10" }),
  // A 5 MB file's parse tree and preview fit well within this; more is a file built to exhaust memory.
  resourceLimits: { maxOldGenerationSizeMb: 512 },
});

export async function readCodeRunnerFile(file: string, target: ImportTarget): Promise<CodeRunnerPreview> {
  return (await interchangeReader.run({ kind: "coderunner", file, target })) as CodeRunnerPreview;
}

export async function readGitHubClassroomFile(file: string): Promise<ClassroomPreview> {
  return (await interchangeReader.run({ kind: "classroom", file })) as ClassroomPreview;
}
