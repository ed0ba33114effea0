// The reader thread (decision 076): parses an imported file and turns it into its preview, off the
// server's event loop. Plain JavaScript so it loads as a worker everywhere (under `node --import
// tsx`, `tsx watch` and vitest alike); it loads the TypeScript of interchange-read.ts itself with
// tsx's scoped import. The other side is interchange-reader.ts.
import { tsImport } from "tsx/esm/api";
import { serveJobs } from "../../workers/serve-jobs.mjs";

// Typed by hand, not by `typeof import(…)`: the sandbox check reads this file without the TypeScript beside it.
/** @type {{ readJob: (job: unknown) => unknown }} */
const { readJob } = await tsImport("./interchange-read.ts", import.meta.url);

serveJobs(readJob);
