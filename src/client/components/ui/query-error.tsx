// What a page shows when a read fails: what happened (the server's message) and a way to retry.
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";

export function QueryError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <Alert tone="error">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          Could not load {what}: {error.message}
        </p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Alert>
  );
}
