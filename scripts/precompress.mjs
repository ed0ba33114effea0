// Brotli (quality 11) and gzip (level 9) forms beside each text file of a web build, made once at
// build time so the server sends them without compressing per request (decision 069).
import fs from "node:fs";
import path from "node:path";
import { brotliBest, gzipBest } from "../src/server/http/pyodide-web-files.mjs";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|wasm)$/;
/** Below this the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/** @param {string} dir */
export async function precompressDir(dir) {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => fs.statSync(f).size >= MIN_BYTES);
  // Four at a time: zlib runs them on libuv's thread pool.
  for (let i = 0; i < files.length; i += 4) {
    await Promise.all(
      files.slice(i, i + 4).map(async (file) => {
        const bytes = fs.readFileSync(file);
        const [br, gz] = await Promise.all([brotliBest(bytes), gzipBest(bytes)]);
        if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
      }),
    );
  }
}
