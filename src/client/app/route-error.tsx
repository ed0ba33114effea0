// Shown when a page fails to load or render. A failed chunk load (the app was updated while
// this tab was open) is fixed by a reload, so we offer one; nothing a student typed is lost,
// because workspace drafts live in localStorage.
import { isRouteErrorResponse, useRouteError } from "react-router";

export function RouteError() {
  const error = useRouteError();
  const chunk =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message);
  console.error(error);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div
        role="alert"
        className="max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        <h1 className="text-xl font-semibold">
          {chunk ? "PyClass has been updated" : "Something went wrong"}
        </h1>
        <p className="mt-2 text-slate-600">
          {chunk
            ? "Reload the page to get the latest version. Any code you were writing is saved in this browser."
            : isRouteErrorResponse(error)
              ? `${error.status} ${error.statusText}`
              : "This page could not be shown. Reload to try again; if it keeps happening, tell your teacher or contact support."}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Reload
          </button>
          <a
            href="/"
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Home
          </a>
        </div>
      </div>
    </main>
  );
}
