import type { SessionUser } from "./auth/guards.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";

export type AppDeps = { db: Db; config: Config };
export type AppEnv = { Variables: { user: SessionUser | null; deps: AppDeps } };
