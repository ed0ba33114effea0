// Starts PyClass: config → database (+ lock, migrations, demo data) → HTTP.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { type Database, openPglite, openPostgres } from "./db/client.ts";
import { DataDirLockedError, lockDataDir } from "./db/lock.ts";
import { hasDemoData, isEmpty, printDemoLogins, seedDemo } from "./db/seed/demo.ts";
import { promoteAdmins } from "./features/me/me.service.ts";

const clientDir = path.resolve(fileURLToPath(new URL("../../dist/client", import.meta.url)));

async function main() {
  const config = loadConfig();
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    try {
      lockDataDir(config.dataDir);
    } catch (e) {
      if (e instanceof DataDirLockedError) {
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

  if (database.kind === "pglite" && config.env === "development") {
    if (await isEmpty(db)) await seedDemo(db, auth, grader);
    if (await hasDemoData(db)) printDemoLogins();
  }

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(`PyClass is running on ${config.publicUrl} (port ${info.port}, ${database.kind} database)`);
  });

  const shutdown = async () => {
    server.close();
    await grader.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
