// What the page says about the connection and about a new version (decision 068): offline, what
// still works here and what waits; a new version, offered with a Reload button, never forced.
import { RefreshCw, WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Button } from "@/client/components/ui/button.tsx";
import { isUpdateReady, reloadIntoUpdate, subscribeUpdate } from "./service-worker.ts";
import { useOnline } from "./use-online.ts";

export const OFFLINE_TITLE = "You're offline";
export const OFFLINE_WORKS = "Run Code, Run Tests, hints and your saved draft still work on this page.";
export const OFFLINE_WAITS =
  "Submit Code and Save wait on this device and are sent when the connection comes back.";

export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-notice"
      className="flex items-start gap-3 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 md:px-6"
    >
      <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <strong className="font-semibold">{OFFLINE_TITLE}.</strong> {OFFLINE_WORKS} {OFFLINE_WAITS}
      </p>
    </div>
  );
}

export function UpdateBanner() {
  const ready = useSyncExternalStore(subscribeUpdate, isUpdateReady, () => false);
  if (!ready) return null;
  return (
    <div
      role="status"
      data-testid="update-banner"
      className="flex flex-wrap items-center gap-3 border-b border-blue-200 bg-blue-50 px-4 py-2 text-sm text-blue-900 md:px-6"
    >
      <RefreshCw className="size-4 shrink-0" aria-hidden />
      <p className="flex-1">
        A new version is ready. Reload when you are at a good moment: your draft is kept.
      </p>
      <Button size="sm" variant="secondary" onClick={reloadIntoUpdate}>
        Reload
      </Button>
    </div>
  );
}
