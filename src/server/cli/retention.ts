// npm run retention [-- --as-of YYYY-MM-DD]: runs the retention job now (decision 062), as if it
// were noon (UTC) on the given day, so a school can check what its policy would delete and when.
// On the embedded database, stop the server first (one process at a time); on PostgreSQL it may
// run beside the servers: the job's lease keeps it from running twice at once.
import path from "node:path";
import { createMailer } from "@/server/auth/mail.ts";
import { loadConfig } from "@/server/config.ts";
import { openPglite, openPostgres } from "@/server/db/client.ts";
import { DataDirLockedError, lockDataDir } from "@/server/db/lock.ts";
import { eraseAccount, purgeDueAccountDeletions } from "@/server/features/account/index.ts";
import { describeCounts, runRetention } from "@/server/features/retention/index.ts";

const USAGE = "Usage: npm run retention [-- --as-of YYYY-MM-DD]";

function parseAsOf(argv: string[]): Date | null {
  if (argv.length === 0) return new Date();
  if (argv[0] !== "--as-of" || argv.length !== 2 || !/^\d{4}-\d{2}-\d{2}$/.test(argv[1])) return null;
  const date = new Date(`${argv[1]}T12:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== argv[1] ? null : date;
}

const asOf = parseAsOf(process.argv.slice(2));
if (!asOf) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
try {
  if (!config.databaseUrl) lockDataDir(config.dataDir);
} catch (e) {
  console.error(e instanceof DataDirLockedError ? `✖ ${e.message}` : e);
  process.exit(1);
}
const database = config.databaseUrl
  ? await openPostgres(config.databaseUrl, 2)
  : await openPglite(path.join(config.dataDir, "db"));
try {
  const run = await runRetention(
    {
      db: database.db,
      mailer: createMailer(database.db, config),
      publicUrl: config.publicUrl,
      defaults: config,
      purgeDueAccountDeletions,
      eraseAccount,
    },
    asOf,
    "command line",
  );
  if (!run.ran) {
    console.error("✖ Another retention run is under way; try again in a few minutes.");
    process.exitCode = 1;
  } else {
    console.log(`Retention as of ${run.asOf.slice(0, 10)}: deleted ${describeCounts(run.counts)}.`);
  }
} finally {
  await database.close();
}
