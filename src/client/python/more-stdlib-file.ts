// The browser's second standard-library zip (decision 078) as a file in Pyodide's file system
// whose bytes are fetched the first time Python looks at it: an import of a module only that zip
// holds (more-stdlib.mjs finds it there) waits for the download as CPython waits for a disk, with
// a synchronous request, which a worker may make. A first Run never looks, so a first visit never
// downloads it; the service worker precaches it for offline use. A failed download is an I/O
// error for that import (more-stdlib.mjs says so) and is tried again at the next one; so is a
// response that is not a zip (a school network's sign-in page, a proxy's error page).
import { MORE_STDLIB_PATH } from "../../shared/grading/more-stdlib.mjs";

/** The part of Emscripten's FS this needs. */
export type EmscriptenFS = {
  createFile(parent: string, name: string, properties: object, canRead: boolean, canWrite: boolean): object;
  ErrnoError: new (errno: number) => Error;
};

/** Emscripten's errno for an I/O error: Python sees OSError (errno.EIO). */
const EIO = 29;

/** A zip ends with its end-of-central-directory record (ours have no comment after it). */
function isZip(bytes: Uint8Array): boolean {
  const at = bytes.length - 22;
  return (
    at >= 0 && bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 5 && bytes[at + 3] === 6
  );
}

function fetchBytesSync(url: string): Uint8Array {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${url}: ${request.status}`);
  return new Uint8Array(request.response as ArrayBuffer);
}

/**
 * Puts the file at MORE_STDLIB_PATH; `fetchBytes` is called until it once returns a zip.
 * MEMFS reads a file's `contents` and `usedBytes` (its size) and nothing else, so making those two
 * fetch on first use is enough for stat, open, seek and read.
 */
export function mountMoreStdlib(fs: EmscriptenFS, url: string, fetchBytes = fetchBytesSync): void {
  let bytes: Uint8Array | null = null;
  const load = () => {
    if (!bytes) {
      let got: Uint8Array;
      try {
        got = fetchBytes(url);
      } catch {
        throw new fs.ErrnoError(EIO);
      }
      if (!isZip(got)) throw new fs.ErrnoError(EIO);
      bytes = got;
    }
    return bytes;
  };
  const at = MORE_STDLIB_PATH.lastIndexOf("/");
  const node = fs.createFile(MORE_STDLIB_PATH.slice(0, at), MORE_STDLIB_PATH.slice(at + 1), {}, true, false);
  Object.defineProperties(node, {
    contents: { get: load, set: () => {}, configurable: true },
    usedBytes: { get: () => load().length, set: () => {}, configurable: true },
  });
}
