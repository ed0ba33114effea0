// npm run admin -- <email>: makes an existing account an admin.
import path from "node:path";
import { loadConfig } from "@/server/config.ts";
import { openPglite, openPostgres } from "@/server/db/client.ts";
import { DataDirLockedError, lockDataDir } from "@/server/db/lock.ts";
import { makeAdmin } from "@/server/features/me/me.service.ts";

const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run admin -- <email>");
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
  ? await openPostgres(config.databaseUrl, 1)
  : await openPglite(path.join(config.dataDir, "db"));
const ok = await makeAdmin(database.db, email);
await database.close();
if (!ok) {
  console.error(`No account uses ${email}. Sign up first, then run this again.`);
  process.exit(1);
}
console.log(`${email} is now an admin.`);
