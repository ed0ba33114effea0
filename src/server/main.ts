// Starts PyClass: config → database (+ lock, migrations, demo data) → HTTP.

import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { isLoopbackAddress } from "./auth/client-address.ts";
import { createMailer } from "./auth/mail.ts";
import { serveBackups } from "./backup/endpoint.ts";
import { describeTrustProxy } from "./config/trust-proxy.ts";
import { loadConfig } from "./config.ts";
import { type Database, openPglite, openPostgres } from "./db/client.ts";
import { DataDirModeError } from "./db/data-dir.ts";
import { DataDirLockedError, lockDataDir } from "./db/lock.ts";
import { eraseAccount, purgeDueAccountDeletions } from "./features/account/index.ts";
import { endLiveStreams } from "./features/live/live-streams.ts";
import { promoteAdmins } from "./features/me/me.service.ts";
import { startRetention } from "./features/retention/index.ts";
import { handleShutdownSignals } from "./http/shutdown.ts";
import { closeLiveBus } from "./live/index.ts";
import {
  type DemoLogin,
  hasDemoData,
  isEmpty,
  loadDemoLogins,
  printDemoLogins,
  resetDemoPasswords,
  saveDemoLogins,
  seedDemo,
} from "./seed/demo.ts";
import { describeSeed, readBankFiles, seedExerciseBank } from "./seed/exercise-bank.ts";

const clientDir = path.resolve(fileURLToPath(new URL("../../dist/client", import.meta.url)));

async function main() {
  // Whatever this process creates without a mode of its own is private (decision 050).
  process.umask(0o077);
  const config = loadConfig();
  if (config.env === "test" && !isLoopbackAddress(config.host) && config.host !== "localhost") {
    // The test secret is published: a test server must not be reachable from the network.
    console.error(
      "✖ NODE_ENV=test signs with a published secret, so it listens only on loopback (HOST=127.0.0.1).",
    );
    process.exit(1);
  }
  let database: Database;
  let releaseLock = () => {};
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    try {
      releaseLock = lockDataDir(config.dataDir);
    } catch (e) {
      if (e instanceof DataDirLockedError || e instanceof DataDirModeError) {
        console.error(`✖ ${e.message}`);
        process.exit(1);
      }
      throw e;
    }
    database = await openPglite(path.join(config.dataDir, "db"));
  }
  const { db } = database;
  const { app, auth, grader } = createApp({ db, config, clientDir });
  await promoteAdmins(db, config.adminEmails);
  if (config.seedExercises) console.log(describeSeed(await seedExerciseBank(db, readBankFiles(), grader)));

  let demoLogins: DemoLogin[] | null = null;
  if (database.kind === "pglite" && config.env === "development") {
    if (await isEmpty(db)) {
      demoLogins = await seedDemo(db, auth, grader);
      saveDemoLogins(config.dataDir, demoLogins);
    } else if (await hasDemoData(db)) {
      demoLogins = loadDemoLogins(config.dataDir);
      if (!demoLogins) {
        // A demo school from before the passwords were random (or its file was lost).
        demoLogins = await resetDemoPasswords(db, auth);
        saveDemoLogins(config.dataDir, demoLogins);
      }
    }
  }

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const local = `http://localhost:${info.port}`;
    console.log(`PyClass is running on ${config.publicUrl} (port ${info.port}, ${database.kind} database)`);
    for (const line of modeLines(config, local)) console.log(line);
    if (demoLogins) printDemoLogins(demoLogins, local);
  });

  void serveBackups(database, config.dataDir); // `npm run backup` while this runs (embedded only)
  // The retention policy once a day, one instance at a time (decision 062).
  const stopRetention = startRetention({
    db,
    mailer: createMailer(db, config),
    publicUrl: config.publicUrl,
    defaults: config,
    // "Delete my account" after its grace period, and the same erasure for inactive accounts (060).
    purgeDueAccountDeletions,
    eraseAccount,
  });
  handleShutdownSignals({
    server: server as Server,
    // Live streams end first (browsers reconnect to another instance), then the LISTEN connection.
    beforeDrain: () => endLiveStreams(db),
    cleanup: async () => {
      stopRetention();
      await closeLiveBus(db).catch(() => {});
      await grader.close().catch(() => {});
      await database.close().catch(() => {});
      releaseLock();
    },
  });
}

/** What this start is safe for, in plain words. */
function modeLines(config: ReturnType<typeof loadConfig>, local: string): string[] {
  const lines: string[] = [];
  if (config.isProduction) {
    lines.push("Production mode: no development mailbox, no demo logins.");
  } else {
    lines.push(
      `${config.env === "test" ? "Test" : "Development"} mode: the mailbox (${local}/dev/mailbox) and the demo logins answer only on this computer.`,
    );
  }
  if (config.authSecretSource === "data-dir") {
    lines.push(
      `Signing secret: ${path.join(config.dataDir, "auth-secret")} (generated once; set AUTH_SECRET to choose your own).`,
    );
  }
  if (config.trustProxy)
    lines.push(`Client addresses: X-Forwarded-For through ${describeTrustProxy(config.trustProxy)}.`);
  return lines;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
