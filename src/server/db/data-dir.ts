// The data directory holds the hidden tests, every password hash and the signing secret, so what
// PyClass creates there is private (files 0600, folders 0700) whatever the umask, and a DATA_DIR
// that other accounts may write to is refused: they could swap in a database or a signing secret
// of their own. The embedded database (PGlite) gives each file it creates mode 0666 by chmod, past
// any umask: its folder is kept 0700, so no other account reaches them, and privateTree() sets
// them to 0600 whenever it opens or closes.
import fs from "node:fs";
import path from "node:path";

export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

export class DataDirModeError extends Error {}

const GROUP_OR_OTHERS_WRITE = 0o022;

/**
 * Creates `dir` (0700, parents too) when missing, or checks the one given: refused when it is not
 * a folder or when group or others may write to it. Its own read bits are the administrator's
 * choice (0755 is fine: what PyClass puts inside is private).
 */
export function openDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  const stat = fs.statSync(dir);
  if (!stat.isDirectory())
    throw new DataDirModeError(`The data directory ${dir} (DATA_DIR) is not a folder.`);
  if (stat.mode & GROUP_OR_OTHERS_WRITE) {
    const mode = (stat.mode & 0o7777).toString(8).padStart(4, "0");
    throw new DataDirModeError(
      `The data directory ${dir} (DATA_DIR) is writable by other accounts (mode ${mode}): they could ` +
        `replace the database or the signing secret. Run \`chmod 700 ${dir}\` and start again.`,
    );
  }
}

/** Creates `dir` 0700 (parents too) when missing, or makes the existing folder 0700. */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  fs.chmodSync(dir, PRIVATE_DIR);
}

/**
 * Makes `root` and everything under it private: files 0600, folders 0700 (symbolic links are left
 * alone). Only what is not private already is changed; a file that vanishes meanwhile is skipped.
 */
export function privateTree(root: string): void {
  const visit = (p: string, isDir: boolean) => {
    const want = isDir ? PRIVATE_DIR : PRIVATE_FILE;
    try {
      if ((fs.statSync(p).mode & 0o7777) !== want) fs.chmodSync(p, want);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
  };
  visit(root, true);
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    visit(path.join(entry.parentPath, entry.name), entry.isDirectory());
  }
}
