// Shown on every signed-in page after a sign-in cancelled a scheduled deletion (decision 060), until
// the user says OK: they asked for it to be deleted, so they must be told it was not.
import { useClearDeletion, useDeletion } from "@/client/api/account.ts";
import { Button } from "@/client/components/ui/button.tsx";

export function DeletionCancelledNotice() {
  const deletion = useDeletion();
  const clear = useClearDeletion();
  if (deletion.data?.status !== "cancelled") return null;
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
    >
      <p>
        <strong>Your account will not be deleted.</strong> You signed in, so we cancelled the deletion you
        asked for. Everything is as it was. To delete it after all, go to Settings.
      </p>
      <Button size="sm" variant="secondary" onClick={() => clear.mutate()} busy={clear.isPending}>
        OK
      </Button>
    </div>
  );
}
