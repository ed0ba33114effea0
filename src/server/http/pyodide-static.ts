// Serves the browser's Pyodide at /pyodide/<version>/<file>: our own origin (CSP 'self', COEP
// same-origin), versioned URLs cached forever. The files come from the directory `npm start`
// prepared (a trimmed standard library; Brotli and gzip made once at their best: decision 069);
// without one (dev, tests) the stdlib is trimmed here and gzip made once on the fly and kept.
import fs from "node:fs";
import path from "node:path";
import type { Env, Hono } from "hono";
import { MORE_STDLIB_FILE } from "@/shared/grading/more-stdlib.mjs";
import { PYODIDE_BASE_PATH } from "@/shared/grading/pyodide-version.ts";
import {
  gzipBest,
  preparedWebPyodide,
  pyodidePackageDir,
  trimStdlib,
  WEB_FILES,
} from "./pyodide-web-files.mjs";

const IMMUTABLE = "public, max-age=31536000, immutable";

type Encoding = "br" | "gzip";
/** What the client accepts, best first: Brotli, then gzip (a `;q=0` refuses one). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))) continue;
    accepted.add(name.trim());
  }
  return (["br", "gzip"] as const).filter((e) => accepted.has(e));
}

export type PyodideFilesOptions = {
  /** Standard-library modules put back (BROWSER_PYTHON_MODULES). */
  putBack?: string[];
  /** Where prepared directories are looked for (tests). */
  cacheRoot?: string;
};

export function mountPyodide<E extends Env>(
  app: Hono<E>,
  { putBack = [], cacheRoot }: PyodideFilesOptions = {},
) {
  // npm start may still be making the directory while the server answers: looked for until found.
  let prepared: string | null = null;
  const preparedDir = () => {
    prepared ??= preparedWebPyodide(putBack, cacheRoot);
    return prepared;
  };
  const source = pyodidePackageDir();
  // Kept by where they came from ("dir:" the prepared directory, "here:" made in memory).
  const plain = new Map<string, Promise<Uint8Array>>();
  const encoded = new Map<string, Promise<Uint8Array | null>>();

  /** The file as the browser gets it, uncompressed: the stdlib trimmed. Made here, the second
   * stdlib zip is the whole trimmed library again (not split): whichever of the two forms of
   * each zip a browser holds, together they have every module. */
  const readPlain = (file: string, dir: string | null) => {
    const key = `${dir ? "dir" : "here"}:${file}`;
    let body = plain.get(key);
    if (!body) {
      const stdlib = file === "python_stdlib.zip" || file === MORE_STDLIB_FILE;
      const from = !dir && stdlib ? "python_stdlib.zip" : file;
      body = fs.promises.readFile(path.join(dir ?? source, from)).then((b) => {
        const bytes = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
        return stdlib && !dir ? trimStdlib(bytes, putBack) : bytes;
      });
      // A failed read is tried again, never kept (the directory may be back a moment later).
      body.catch(() => plain.delete(key));
      plain.set(key, body);
    }
    return body;
  };
  /** Read (or made) once and kept: a class's first lesson asks for the same few files. */
  const readEncoded = (file: string, encoding: Encoding, dir: string | null): Promise<Uint8Array | null> => {
    const key = `${dir ? "dir" : "here"}:${file}.${encoding}`;
    let body = encoded.get(key);
    if (!body) {
      if (dir) {
        body = fs.promises
          .readFile(path.join(dir, `${file}.${encoding === "br" ? "br" : "gz"}`))
          .catch(() => {
            encoded.delete(key);
            return null;
          });
      } else {
        body = encoding === "gzip" ? readPlain(file, null).then(gzipBest) : Promise.resolve(null);
      }
      encoded.set(key, body);
    }
    return body;
  };

  app.get(`${PYODIDE_BASE_PATH}:file`, async (c) => {
    const file = c.req.param("file");
    // Own names only: `constructor` or `toString` is on every object, and was a 500.
    if (!Object.hasOwn(WEB_FILES, file)) return c.text("Not found", 404);
    const type = WEB_FILES[file];
    const dir = preparedDir();
    const headers: Record<string, string> = {
      "Content-Type": type,
      // Made here (no prepared directory yet: the first minute after a start that prepares one),
      // the stdlib is the whole library as source in both zips: correct, but a first start
      // compiles it. Not kept for good, so a browser gets the prepared files once they are there.
      "Cache-Control": dir ? IMMUTABLE : "no-cache",
      Vary: "Accept-Encoding",
    };
    for (const encoding of acceptedEncodings(c.req.header("Accept-Encoding"))) {
      const body = await readEncoded(file, encoding, dir);
      if (!body) continue;
      headers["Content-Encoding"] = encoding;
      return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
    }
    let body: Uint8Array;
    try {
      body = await readPlain(file, dir);
    } catch (e) {
      if (!dir) throw e;
      // The prepared directory went (another start replacing it with its own): looked for again
      // on the next request, the package's files meanwhile.
      prepared = null;
      body = await readPlain(file, null);
    }
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  });
  app.all("/pyodide/*", (c) => c.text("Not found", 404));
}
