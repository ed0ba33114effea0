// Better Auth: e-mail + password with verification, reset, change of e-mail (a link to the
// new address), sessions in the database, rate-limited sign-in and reset.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from "../../shared/domain/auth-rules.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { linkMail, type Mailer } from "./mail.ts";

export const CLIENT_IP_HEADER = "x-client-ip";

export function trustedOrigins(config: Config): string[] {
  const origins = [config.publicUrl];
  if (!config.isProduction) {
    for (const host of ["localhost", "127.0.0.1"]) {
      origins.push(`http://${host}:${config.port}`, `http://${host}:5173`);
    }
  }
  return [...new Set(origins)];
}

export function createAuth(db: Db, config: Config, mailer: Mailer) {
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
      minPasswordLength: PASSWORD_MIN_LENGTH,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(
          linkMail(
            user.email,
            "Reset your PyClass password",
            `Hello ${user.name},`,
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
            `Hello ${user.name},`,
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
            data: { ...user, role: admins.has(user.email.toLowerCase()) ? "admin" : "pending" },
          }),
        },
      },
    },
    hooks: {
      // Better Auth answers a sign-up for a taken address with a silent success; the spec
      // wants the user told to sign in instead.
      before: createAuthMiddleware(async (ctx) => {
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
    rateLimit: {
      enabled: config.rateLimit,
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
    },
    telemetry: { enabled: false },
    logger: { disabled: config.env === "test" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
