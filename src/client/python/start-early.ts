// A page that runs Python, opened directly (a first visit, a link, a reload): Python's download
// starts as soon as the app's first script runs rather than after the page's own chunks have
// loaded, ≈0.4 s sooner (decision 074). Elsewhere a signed-in user's Python starts in idle time
// (PythonPreloader), and public pages never start it.
const RUNS_PYTHON = /^\/(playground|student\/assignments\/[^/]+|(student|teacher)\/exercise\/[^/]+)\/?$/;

export const runsPython = (pathname: string) => RUNS_PYTHON.test(pathname);

export function startPythonEarly(pathname: string) {
  if (!runsPython(pathname)) return;
  import("./python-runtime.ts")
    .then(({ getPythonRuntime }) => getPythonRuntime().start())
    .catch(() => {
      // The page starts it again and shows the failure where Run is.
    });
}
