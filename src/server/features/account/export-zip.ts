// "Download my data"'s ZIP is built on one worker thread per server process (export-zip-thread.mjs,
// decision 076): deflating a large record (20,000 activity events) no longer holds the event loop.
// The files' bytes are moved to the thread, not copied. Exports wait in line behind each other.
import { AppError } from "@/server/errors.ts";
import { JobThread } from "@/server/workers/job-thread.ts";

/** Exports are one at a time per user and five a day each: sixty-four waiting means a flood. */
const ZIPS_WAITING = 64;
/** Deflating the largest real record takes well under a second; ten minutes means something is wrong. */
const ZIP_TIME_LIMIT_MS = 10 * 60_000;

type ZipJob = { entries: Record<string, Uint8Array> };

/** Its errors mark the export failed (the build is in the background), never a request's answer. */
export const exportZipper = new JobThread<ZipJob, Uint8Array>({
  name: "Export zipper",
  url: new URL("./export-zip-thread.mjs", import.meta.url),
  maxWaiting: ZIPS_WAITING,
  timeLimitMs: ZIP_TIME_LIMIT_MS,
  busy: () => new AppError("BUSY", 503, "Too many data exports are being zipped."),
  failed: () => new AppError("INTERNAL", 500, "The data export could not be zipped."),
});

/** One file per path, as text; answers the ZIP's bytes. */
export function zipTexts(files: Record<string, string>): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const entries: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(files)) entries[path] = encoder.encode(text);
  return exportZipper.run(
    { entries },
    Object.values(entries).map((bytes) => bytes.buffer as ArrayBuffer),
  );
}
