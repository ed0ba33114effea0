// The few bytes of POSIX ustar a backup needs: regular files with short names, written and read
// in memory. A backup is then an ordinary .tar.gz that `tar tzf` lists, and no dependency is
// added for ~60 lines (PGlite bundles a tar module but does not export it).

const BLOCK = 512;

export type TarEntry = { name: string; data: Uint8Array; mode?: number };

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(entry: TarEntry, mtime: number): Buffer {
  const name = Buffer.from(entry.name, "utf8");
  if (name.length > 100) throw new Error(`tar: name too long: ${entry.name}`);
  const h = Buffer.alloc(BLOCK);
  name.copy(h, 0);
  h.write(octal(entry.mode ?? 0o600, 8), 100, "ascii");
  h.write(octal(0, 8), 108, "ascii"); // uid
  h.write(octal(0, 8), 116, "ascii"); // gid
  h.write(octal(entry.data.byteLength, 12), 124, "ascii");
  h.write(octal(mtime, 12), 136, "ascii");
  h.write("        ", 148, "ascii"); // the checksum counts its own field as spaces
  h.write("0", 156, "ascii"); // a regular file
  h.write("ustar\u000000", 257, "ascii");
  h.write(`${checksum(h).toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return h;
}

function checksum(h: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
  return sum;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export function packTar(entries: TarEntry[], mtime = Math.floor(Date.now() / 1000)): Buffer {
  const parts: Uint8Array[] = [];
  for (const entry of entries) parts.push(header(entry, mtime), entry.data, padding(entry.data.byteLength));
  parts.push(Buffer.alloc(BLOCK * 2)); // the end-of-archive marker
  return Buffer.concat(parts);
}

/** The regular files of a tar archive; throws on a damaged header. */
export function unpackTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const h = tar.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) break;
    const field = (start: number, length: number) =>
      h
        .toString("utf8", start, start + length)
        .replace(/\0.*$/s, "")
        .trim();
    if (Number.parseInt(field(148, 8), 8) !== checksum(h)) throw new Error("tar: damaged header");
    const size = Number.parseInt(field(124, 12), 8);
    const start = at + BLOCK;
    if (start + size > tar.length) throw new Error("tar: truncated archive");
    const type = field(156, 1);
    if (type === "0" || type === "")
      entries.push({
        name: field(0, 100),
        data: tar.subarray(start, start + size),
        mode: Number.parseInt(field(100, 8), 8),
      });
    at = start + size + padding(size).length;
  }
  return entries;
}
