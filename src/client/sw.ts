/// <reference lib="webworker" />
// The service worker (decision 068): a workspace opened once keeps working offline. It precaches
// the app shell (every built file) and the version-pinned Pyodide files, answers navigations from
// the network and, offline, with the cached index.html; keeps the last answer of the reads a
// workspace needs (lib/offline-reads.ts) for a reload without a connection; and sends every answer it
// gives from a cache with the cross-origin isolation headers (input() and Stop need
// SharedArrayBuffer). A new version waits until the page asks it to take over (the Reload banner).
import { addPlugins, cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { isOfflineRead, OFFLINE_READS_CACHE } from "./lib/offline-reads.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const ISOLATION_HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** The same response with COOP, COEP and CORP set, whatever the cache kept. */
function isolated(response: Response): Response {
  if (response.type === "opaque" || response.type === "error") return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// Navigations first: the network's index.html when there is one, the precached one offline.
self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && !url.pathname.startsWith("/api/")) {
    event.respondWith(
      fetch(request).catch(async () => {
        const shell = await matchPrecache("/index.html");
        return shell ? isolated(shell) : Response.error();
      }),
    );
  } else if (request.method === "GET" && isOfflineRead(url)) {
    event.respondWith(networkThenKept(request));
  }
});

/** A workspace's read: the server's answer (kept), or offline the last one kept. */
async function networkThenKept(request: Request): Promise<Response> {
  const cache = await caches.open(OFFLINE_READS_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone()).catch(() => {});
    // Signed out or refused: what was kept for this address is no longer theirs to see.
    else if (response.status === 401 || response.status === 403 || response.status === 404)
      await cache.delete(request);
    return response;
  } catch (e) {
    const kept = await cache.match(request);
    if (kept) return isolated(kept);
    throw e;
  }
}

// Precached files (the shell and Pyodide) are sent with the isolation headers re-applied.
addPlugins([
  {
    cachedResponseWillBeUsed: async ({ cachedResponse }) =>
      cachedResponse ? isolated(cachedResponse) : null,
  },
]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener("activate", (event) => {
  // The first version takes the open page at once, so it works offline without a reload.
  event.waitUntil(self.clients.claim());
});

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
