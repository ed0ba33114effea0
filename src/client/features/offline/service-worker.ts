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
  // Not Workbox's isUpdate: it is false for every version found after a first one took this very
  // page, so a new version offered to it would never reload it (found by offline.spec.ts).
  let controlled = navigator.serviceWorker.controller !== null;
  workbox.addEventListener("waiting", () => {
    updateReady = true;
    notify();
  });
  workbox.addEventListener("controlling", () => {
    // Another tab's Reload also hands this tab to the new version: this one reloads only if asked.
    if (reloadRequested) window.location.reload();
    else if (!controlled) {
      controlled = true;
      onFirstControl();
    }
  });
  workbox.register().catch(() => {
    // No service worker (private mode, an old browser): everything but offline still works.
  });
  // A tab kept open for a lesson makes no navigation, the browser's own moment to look for a new
  // version: looked for hourly and when the student comes back to the tab.
  let lastCheck = Date.now();
  const check = () => {
    if (Date.now() - lastCheck < UPDATE_CHECK_MIN_MS) return;
    lastCheck = Date.now();
    void workbox?.update().catch(() => {});
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}

const UPDATE_CHECK_MS = 60 * 60_000;
const UPDATE_CHECK_MIN_MS = 5 * 60_000;

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
