// The export zipper's thread (decision 076): deflates a data export's files into one ZIP off the
// server's event loop, with fflate's zipSync — the same files and bytes as on the main thread.
// Plain JavaScript (no TypeScript loader in a worker); the other side is export-zip.ts.
import { zipSync } from "fflate";
import { serveJobs } from "../../workers/serve-jobs.mjs";

serveJobs((/** @type {{ entries: Record<string, Uint8Array> }} */ job) => zipSync(job.entries));
