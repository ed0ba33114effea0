// The server's shared types, on the bottom floor: everything above may import them. Type-only
// imports (`import type`) may point anywhere in the server, since they vanish at run time and
// name what the app is built from; a value import here would pull that module under the floor.
import type { Config } from "@/server/config.ts";
import type { Db } from "@/server/db/client.ts";
import type { SubmitLimiter } from "@/server/grading/submit-limiter.ts";
import type { GraderPool } from "@/server/python/index.ts";
import type { Role } from "@/shared/domain/roles.ts";

/** Who is signed in, as every guard and service sees them (built by auth/guards.ts toSessionUser). */
export type SessionUser = { id: string; name: string; email: string; role: Role; emailVerified: boolean };

export type AppDeps = {
  db: Db;
  config: Config;
  grader: GraderPool;
  submitLimiter: SubmitLimiter;
  /** The server's clock, injectable so tests can move it (insights' windows read it). */
  now: () => Date;
};
export type AppEnv = { Variables: { user: SessionUser | null; deps: AppDeps } };
