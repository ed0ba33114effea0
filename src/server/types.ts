// The server's shared types, on the bottom floor: everything above may import them. They import
// types only (`import type`, gone at run time); from above the floor only the grader pool's (python/
// imports nothing else in the server). What a type above would drag in (the submit limiter
// imports errors.ts, which may import this file) is described here instead, so no cycle forms.
import type { Mailer } from "@/server/auth/mail.ts";
import type { Config } from "@/server/config.ts";
import type { Db } from "@/server/db/client.ts";
import type { GraderPool } from "@/server/python/index.ts";
import type { Role } from "@/shared/domain/roles.ts";

/** Who is signed in, as every guard and service sees them (built by auth/guards.ts toSessionUser). */
export type SessionUser = { id: string; name: string; email: string; role: Role; emailVerified: boolean };

/** Fair use of the grader, per student (built by grading/submit-limiter.ts). */
export type SubmitLimiter = {
  /** Runs `grade` for `userId`, or throws 429 when they are over their share. */
  run<T>(userId: string, grade: () => Promise<T>): Promise<T>;
  /** Counts one Run Tests attempt for `userId`, or throws 429 past the allowance. */
  countRun(userId: string): Promise<void>;
};

export type AppDeps = {
  db: Db;
  config: Config;
  grader: GraderPool;
  submitLimiter: SubmitLimiter;
  /** Outgoing e-mail (the outbox, and SMTP when configured): a class transfer's offer, an export's link. */
  mailer: Mailer;
  /** The server's clock, injectable so tests can move it (insights' windows read it). */
  now: () => Date;
};
export type AppEnv = {
  /** requestId: set first on every /api request (http/request-id.ts); it names the request in errors and logs. */
  Variables: { user: SessionUser | null; deps: AppDeps; requestId: string };
};
