import type { SessionUser } from "./auth/guards.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { GraderPool } from "./python/index.ts";

export type AppDeps = { db: Db; config: Config; grader: GraderPool };
export type AppEnv = { Variables: { user: SessionUser | null; deps: AppDeps } };
