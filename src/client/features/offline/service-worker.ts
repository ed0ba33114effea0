// Registers the service worker (src/client/sw.ts, decision 068) once Python is ready, so its
// precache of Pyodide is served from the HTTP cache the page just filled instead of competing
// with the first Run for the connection. A new version is offered, never forced: it waits until
// this tab's Reload asks it to take over, and only then is this tab reloaded.
import type { Workbox } from "workbox-window";

let workbox: Workbox | null = null;
let registering = false;
let updateReady = false;
let reloadRequested = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export async function registerServiceWorker({ onFirstControl }: { onFirstControl: () => void }) {
  // Built files only: the dev server has no service worker (MODE, not DEV: npm start under
  // NODE_ENV=test builds with DEV set).
  if (registering || import.meta.env.MODE !== "production" || !("serviceWorker" in navigator)) return;
  registering = true;
  // Loaded on demand: the landing page's JavaScript never carries it.
  const { Workbox } = await import("workbox-window");
  workbox = new Workbox("/sw.js", { scope: "/" });
  workbox.addEventListener("waiting", () => {
    updateReady = true;
    notify();
  });
  workbox.addEventListener("controlling", (event) => {
    // Another tab's Reload also hands this tab to the new version: this one reloads only if asked.
    if (event.isUpdate) {
      if (reloadRequested) window.location.reload();
    } else onFirstControl();
  });
  workbox.register().catch(() => {
    // No service worker (private mode, an old browser): everything but offline still works.
  });
}

export function subscribeUpdate(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isUpdateReady = () => updateReady;

/** The banner's Reload: the waiting version takes over, then this tab reloads into it. */
export function reloadIntoUpdate() {
  reloadRequested = true;
  if (workbox) workbox.messageSkipWaiting();
  else window.location.reload();
}
