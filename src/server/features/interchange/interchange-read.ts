// The CPU-heavy part of an import, run on the reader thread (interchange-reader.ts, decision 076):
// a file's text in, its preview out, as plain data. The size is checked before (on the request).
import { badRequest } from "@/server/errors.ts";
import {
  type ClassroomPreview,
  type CodeRunnerPreview,
  type ImportTarget,
  INTERCHANGE_MESSAGES,
} from "@/shared/api/interchange.ts";
import { convertQuestion } from "./coderunner-import.ts";
import { readClassroomFile } from "./github-classroom.ts";
import { readMoodleXml } from "./moodle-xml.ts";

export type ReadJob =
  | { kind: "coderunner"; file: string; target: ImportTarget }
  | { kind: "classroom"; file: string };

export function readCodeRunner(file: string, target: ImportTarget): CodeRunnerPreview {
  const raw = readMoodleXml(file);
  const skipped = raw
    .filter((q) => q.type !== "coderunner")
    .map((q) => `"${q.name || "(no name)"}" is a ${q.type || "untyped"} question, not CodeRunner: left out.`);
  const questions = raw
    .filter((q) => q.type === "coderunner")
    .map((q, i) => convertQuestion(q, i + 1, target));
  if (questions.length === 0) throw badRequest(INTERCHANGE_MESSAGES.noQuestions, "INVALID_FILE");
  return { target, questions, skipped };
}

/** One job of the reader thread; a refusal is thrown as the AppError the request answers. */
export function readJob(job: ReadJob): CodeRunnerPreview | ClassroomPreview {
  return job.kind === "coderunner" ? readCodeRunner(job.file, job.target) : readClassroomFile(job.file);
}
