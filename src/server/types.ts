import type { SessionUser } from "./auth/guards.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { SubmitLimiter } from "./features/submissions/submit-limiter.ts";
import type { GraderPool } from "./python/index.ts";

export type AppDeps = {
  db: Db;
  config: Config;
  grader: GraderPool;
  submitLimiter: SubmitLimiter;
  /** The server's clock, injectable so tests can move it (insights' windows read it). */
  now: () => Date;
};
export type AppEnv = { Variables: { user: SessionUser | null; deps: AppDeps } };
