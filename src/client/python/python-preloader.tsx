// Starts the tab's Python worker in idle time once a signed-in user is on the site, so Run is
// instant by the time a workspace opens. Loads the runtime lazily: public pages never pay for it.
import { useEffect } from "react";

export function PythonPreloader() {
  useEffect(() => {
    let cancelled = false;
    const start = () => {
      if (cancelled) return;
      import("./python-runtime.ts").then(({ getPythonRuntime }) =>
        getPythonRuntime()
          .start()
          .catch(() => {}),
      );
    };
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(start, { timeout: 3000 });
      return () => {
        cancelled = true;
        cancelIdleCallback(handle);
      };
    }
    const timer = setTimeout(start, 1000);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
  return null;
}
