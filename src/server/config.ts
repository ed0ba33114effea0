// The only reader of process.env: every setting is validated once, at startup.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseEmailDomains } from "@/server/config/email-domains.ts";
import { parseTrustProxy, type TrustProxy } from "@/server/config/trust-proxy.ts";
import { openDataDir } from "@/server/db/data-dir.ts";

const Env = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("PyClass <no-reply@pyclass.local>"),
  ADMIN_EMAILS: z.string().default(""),
  GRADER_POOL_SIZE: z.coerce.number().int().min(1).max(64).optional(),
  GRADER_SLICE_MS: z.coerce.number().int().min(0).max(5000).optional(),
  HIDDEN_RELEASE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  RATE_LIMIT: z.enum(["on", "off"]).optional(),
  REQUEST_LOG: z.enum(["on", "off"]).optional(),
  INSIGHTS_CACHE_SECONDS: z.coerce.number().min(0).max(60).optional(),
  TRUST_PROXY: z.string().optional(),
  SEED_EXERCISES: z.enum(["true", "false"]).default("true"),
  TEACHER_EMAIL_DOMAINS: z.string().default(""),
  ACTIVITY_RETENTION: z
    .string()
    .regex(/^(school-year|[1-9][0-9]{0,3})$/, "school-year, or a number of days (1-9999)")
    .default("school-year"),
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  BROWSER_PYTHON_MODULES: z
    .string()
    .regex(/^\s*([A-Za-z_][A-Za-z0-9_]*\s*(,\s*|$))*$/, "standard-library module names separated by commas")
    .default(""),
});

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  graderPoolSize: number | undefined;
  /**
   * How long every test first runs before its job goes to the back with its full limits
   * (GRADER_SLICE_MS; default 100 ms of CPU, 0 = no slices): decision 049.
   */
  graderSliceMs: number | undefined;
  /**
   * Submit Code answers this long after grading started, or after the whole time budget when it
   * ran longer, never at a time a hidden case's run could set (HIDDEN_RELEASE_MS; default 1000,
   * 0 = off, refused in production): decision 052.
   */
  hiddenReleaseMs: number;
  rateLimit: boolean;
  /** One JSON line per /api request on stdout (REQUEST_LOG; default on, off when NODE_ENV=test). */
  requestLog: boolean;
  /**
   * How long a teacher's insights overview may be reused (INSIGHTS_CACHE_SECONDS; default 3, 0 when
   * NODE_ENV=test): decision 037.
   */
  insightsCacheSeconds: number;
  /** Proxies whose X-Forwarded-For we believe (TRUST_PROXY); null: the socket peer is the client. */
  trustProxy: TrustProxy;
  /** Upsert the GCSE exercise bank (content/exercises) at every start (SEED_EXERCISES, default true). */
  seedExercises: boolean;
  /**
   * TEACHER_EMAIL_DOMAINS: when not empty, only verified addresses in exactly these domains may
   * take the teacher role (decision 043); empty (the default) leaves role selection open (spec 01 §6).
   */
  teacherEmailDomains: string[];
  /**
   * How long the activity record (decision "The activity record") is kept: "school-year" (the
   * default: until the end of the 31 August that follows) or a number of days (ACTIVITY_RETENTION).
   */
  activityRetention: "school-year" | number;
  /**
   * Days between confirming "Delete my account" and the deletion, in which signing in cancels it
   * (ACCOUNT_DELETION_GRACE_DAYS; default 14, 0: deleted by the next daily run): decision 060.
   */
  accountDeletionGraceDays: number;
  /**
   * Standard-library modules put back into the browser's trimmed Python (BROWSER_PYTHON_MODULES,
   * e.g. "email,xml"; default none): decision 069.
   */
  browserPythonModules: string[];
  /** Where the signing secret came from, for the start-up message. */
  authSecretSource: "env" | "data-dir" | "test";
};

/** Only NODE_ENV=test signs with a fixed secret: in-process tests need no data directory. */
const TEST_SECRET = "pyclass-test-secret-only-valid-when-NODE_ENV-is-test";

/** Secrets that were published in this repository and so sign nothing outside the tests. */
export const PUBLISHED_SECRETS: readonly string[] = [
  "pyclass-development-secret-do-not-use-in-production",
  TEST_SECRET,
];

/**
 * The signing secret of a data directory without AUTH_SECRET: 32 random bytes, created once
 * (O_EXCL, mode 0600) in <DATA_DIR>/auth-secret and read back at every later start. A DATA_DIR that
 * other accounts may write to is refused first (they could plant a secret of their own).
 */
export function dataDirSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  openDataDir(dataDir);
  try {
    fs.writeFileSync(file, `${crypto.randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32 || PUBLISHED_SECRETS.includes(secret)) {
    throw new Error(`Invalid configuration:\n  ${file}: not a usable secret (delete it to get a new one)`);
  }
  return secret;
}

function invalid(error: z.ZodError): Error {
  const lines = error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  return new Error(`Invalid configuration:\n${lines.join("\n")}`);
}

/**
 * Only where the data lives, creating nothing: `npm run restore` needs DATA_DIR without
 * loadConfig() writing a new signing secret into the empty directory it is about to fill.
 */
export function loadStorageConfig(source: NodeJS.ProcessEnv = process.env): {
  databaseUrl: string | undefined;
  dataDir: string;
} {
  const parsed = Env.pick({ DATABASE_URL: true, DATA_DIR: true }).safeParse(source);
  if (!parsed.success) throw invalid(parsed.error);
  return { databaseUrl: parsed.data.DATABASE_URL, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(source);
  if (!parsed.success) throw invalid(parsed.error);
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  if (isProduction && !e.AUTH_SECRET) {
    throw new Error("Invalid configuration:\n  AUTH_SECRET: required in production (32+ characters)");
  }
  if (e.AUTH_SECRET && e.NODE_ENV !== "test" && PUBLISHED_SECRETS.includes(e.AUTH_SECRET)) {
    throw new Error(
      "Invalid configuration:\n  AUTH_SECRET: this value is published in PyClass's source; choose your own (e.g. `openssl rand -hex 32`) or leave it unset",
    );
  }
  if (isProduction && e.HIDDEN_RELEASE_MS === 0) {
    throw new Error(
      "Invalid configuration:\n  HIDDEN_RELEASE_MS: 0 (off) lets hidden test inputs be read from how long Submit Code takes; it is not allowed in production",
    );
  }
  const teacherEmailDomains = parseEmailDomains(e.TEACHER_EMAIL_DOMAINS);
  if (!Array.isArray(teacherEmailDomains)) {
    throw new Error(`Invalid configuration:\n  TEACHER_EMAIL_DOMAINS: ${teacherEmailDomains.error}`);
  }
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (err) {
    throw new Error(`Invalid configuration:\n  ${(err as Error).message}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const authSecretSource = e.AUTH_SECRET ? "env" : e.NODE_ENV === "test" ? "test" : "data-dir";
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    // NODE_ENV=test signs with a published secret: by default it listens on loopback only.
    host: e.HOST ?? (e.NODE_ENV === "test" ? "127.0.0.1" : "0.0.0.0"),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    authSecret:
      authSecretSource === "env"
        ? e.AUTH_SECRET!
        : authSecretSource === "test"
          ? TEST_SECRET
          : dataDirSecret(dataDir),
    authSecretSource,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    graderPoolSize: e.GRADER_POOL_SIZE,
    graderSliceMs: e.GRADER_SLICE_MS,
    hiddenReleaseMs: e.HIDDEN_RELEASE_MS,
    rateLimit: e.RATE_LIMIT ? e.RATE_LIMIT === "on" : e.NODE_ENV !== "test",
    requestLog: e.REQUEST_LOG ? e.REQUEST_LOG === "on" : e.NODE_ENV !== "test",
    insightsCacheSeconds: e.INSIGHTS_CACHE_SECONDS ?? (e.NODE_ENV === "test" ? 0 : 3),
    trustProxy,
    seedExercises: e.SEED_EXERCISES === "true",
    teacherEmailDomains,
    activityRetention: e.ACTIVITY_RETENTION === "school-year" ? "school-year" : Number(e.ACTIVITY_RETENTION),
    accountDeletionGraceDays: e.ACCOUNT_DELETION_GRACE_DAYS,
    browserPythonModules: e.BROWSER_PYTHON_MODULES.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  };
}
