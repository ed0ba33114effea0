// Better Auth: e-mail + password with verification, reset, change of e-mail (a link to the
// new address), sessions in the database. Rate limits are ours (auth-limits.ts, in the database).
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Config } from "@/server/config.ts";
import type { Db } from "@/server/db/client.ts";
import * as schema from "@/server/db/schema.ts";
import {
  AUTH_MESSAGES,
  NEW_PASSWORD_MIN_LENGTH,
  newPasswordProblem,
  validateName,
} from "@/shared/domain/auth-rules.ts";
import { isDemoEmail } from "./demo-accounts.ts";
import { greeting, linkMail, type Mailer } from "./mail.ts";
import { queuedPasswordHashing } from "./password-queue.ts";

/** Set by app.ts on every /api/auth request (a client-sent value is always replaced). */
export const CLIENT_IP_HEADER = "x-client-ip";
/** Set by app.ts to "1" only when the request may use the development conveniences. */
export const DEV_CLIENT_HEADER = "x-pyclass-dev-client";

/** The cookie Better Auth authenticates with: under https only the `__Secure-` one. */
export function sessionCookieName(config: Config): string {
  return `${usesSecureCookies(config) ? "__Secure-" : ""}better-auth.session_token`;
}

function usesSecureCookies(config: Config): boolean {
  return config.publicUrl.startsWith("https://");
}

/**
 * PyClass never shows or sets a profile picture (spec 01/02: settings edit the name, e-mail and
 * password only), so Better Auth's `image` field takes nothing but null: any other value, of any
 * type or size, is refused rather than stored and sent back on every session read.
 */
export const IMAGE_MESSAGE = "Profile pictures are not supported.";

function refuseImage(image: unknown) {
  if (image !== undefined && image !== null)
    throw new APIError("BAD_REQUEST", { code: "INVALID_IMAGE", message: IMAGE_MESSAGE });
}

/** The new-password rule (auth-rules.ts) for a write that sets one: 400 with the rule's message. */
function checkNewPassword(password: unknown, signUp: boolean) {
  if (typeof password !== "string") return; // Better Auth's own validation answers
  const problem = newPasswordProblem(password, { signUp });
  if (problem)
    throw new APIError("BAD_REQUEST", {
      code: problem === AUTH_MESSAGES.passwordTooCommon ? "PASSWORD_TOO_COMMON" : "PASSWORD_TOO_SHORT",
      message: problem,
    });
}

/** The Better Auth paths that set a new password, and the body field that carries it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/** Better Auth's databaseHooks: one name rule for every way a user is created or renamed. */
function checkedName<T extends { name?: unknown; image?: unknown }>(user: T): T {
  refuseImage(user.image);
  if (user.name === undefined) return user;
  const problem = validateName(user.name);
  if (problem) throw new APIError("BAD_REQUEST", { code: "INVALID_NAME", message: problem });
  return { ...user, name: (user.name as string).trim() };
}

export function trustedOrigins(config: Config): string[] {
  const origins = [config.publicUrl];
  if (!config.isProduction) {
    for (const host of ["localhost", "127.0.0.1"]) {
      origins.push(`http://${host}:${config.port}`, `http://${host}:5173`);
    }
  }
  return [...new Set(origins)];
}

/**
 * `onSignIn`: called after every new session (a sign-in, or a verification link that signs in);
 * "Delete my account" cancels a deletion in its grace period there (decision 060). A failure is
 * logged, never a refused sign-in.
 */
export function createAuth(
  db: Db,
  config: Config,
  mailer: Mailer,
  onSignIn: (userId: string) => Promise<unknown> = async () => {},
) {
  const admins = new Set(config.adminEmails);
  return betterAuth({
    appName: "PyClass",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      // Our hooks answer first with the rule's own messages (newPasswordProblem); this is the backstop.
      minPasswordLength: NEW_PASSWORD_MIN_LENGTH,
      password: queuedPasswordHashing,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(
          linkMail(
            user.email,
            "Reset your PyClass password",
            greeting(user.name),
            "Someone asked to reset the password of your PyClass account. The link works for one hour.",
            "Choose a new password",
            url,
          ),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(
          linkMail(
            user.email,
            "Confirm your e-mail address for PyClass",
            greeting(user.name),
            "Please confirm this e-mail address to finish setting up your PyClass account.",
            "Confirm my e-mail address",
            url,
          ),
        );
      },
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "pending", input: false },
      },
      // No confirmation step to the old address: one link, sent to the new address (spec 01 §8).
      changeEmail: { enabled: true },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...checkedName(user), role: admins.has(user.email.toLowerCase()) ? "admin" : "pending" },
          }),
        },
        update: {
          before: async (user) => ({ data: checkedName(user) }),
        },
      },
      session: {
        create: {
          // Every sign-in (password, verification link) is remembered beyond the session, which
          // sign-out deletes: the retention job's inactivity rule reads it, and signing in clears
          // its warning (decision 062).
          after: async (session) => {
            const at = new Date();
            await db
              .insert(schema.accountSignIns)
              .values({ userId: session.userId, lastSignInAt: at })
              .onConflictDoUpdate({
                target: schema.accountSignIns.userId,
                set: { lastSignInAt: at, inactivityWarnedAt: null },
              });
            await onSignIn(session.userId).catch((e: unknown) =>
              console.error("After sign-in:", e instanceof Error ? e.message : e),
            );
          },
        },
      },
    },
    hooks: {
      // Better Auth answers a sign-up for a taken address with a silent success; the spec
      // wants the user told to sign in instead.
      before: createAuthMiddleware(async (ctx) => {
        // The demo school's logins are a development convenience: only from this computer.
        if (ctx.path === "/sign-in/email") {
          const headers = ctx.request?.headers ?? ctx.headers;
          const devClient = headers?.get(DEV_CLIENT_HEADER) === "1" && !config.isProduction;
          if (isDemoEmail((ctx.body as { email?: unknown })?.email) && !devClient) {
            throw new APIError("UNAUTHORIZED", {
              code: "INVALID_EMAIL_OR_PASSWORD",
              message: "Invalid email or password",
            });
          }
          return;
        }
        const body = ctx.body as Record<string, unknown> | undefined;
        if (ctx.path === "/sign-up/email" || ctx.path === "/update-user") refuseImage(body?.image);
        const passwordField = NEW_PASSWORD_FIELD[ctx.path];
        if (passwordField) checkNewPassword(body?.[passwordField], ctx.path === "/sign-up/email");
        if (ctx.path !== "/sign-up/email") return;
        const email = String((ctx.body as { email?: unknown })?.email ?? "").toLowerCase();
        if (!email) return;
        const existing = await db.query.user.findFirst({
          where: eq(schema.user.email, email),
          columns: { id: true },
        });
        if (existing) {
          throw new APIError("UNPROCESSABLE_ENTITY", {
            code: "USER_ALREADY_EXISTS",
            message: AUTH_MESSAGES.accountExists,
          });
        }
      }),
    },
    // Better Auth's limiter keeps its counts in each process's memory (N instances, N times the
    // allowance). Ours (auth-limits.ts) counts in the database, in front of this handler.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: usesSecureCookies(config),
    },
    telemetry: { enabled: false },
    logger: { disabled: config.env === "test" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
