// The reads a workspace needs to open again without a connection (decision 068): the service
// worker keeps the last answer of each, and the page forgets them all at sign-out and when another
// user signs in on this browser (a school's shared computers).
export const OFFLINE_READS_CACHE = "pyclass-offline-reads";

const READS = [
  /^\/api\/me$/,
  /^\/api\/assignments$/,
  /^\/api\/assignments\/[^/]+$/,
  /^\/api\/assignments\/[^/]+\/submissions$/,
  /^\/api\/exercises$/,
  /^\/api\/exercises\/[^/]+$/,
];

/** A GET of one of these paths, without a query (a teacher's ?studentId= view is not kept). */
export function isOfflineRead(url: URL): boolean {
  return url.search === "" && READS.some((r) => r.test(url.pathname));
}

/** Drops every kept answer (nothing to do where Cache Storage is missing). */
export async function forgetOfflineReads(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(OFFLINE_READS_CACHE).catch(() => false);
}
