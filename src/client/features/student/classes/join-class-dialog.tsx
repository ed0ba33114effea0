// Join Class: 8 characters, upper-cased as typed, capped at 8; the spec's four join messages.
import { type FormEvent, useState } from "react";
import { useJoinClass } from "@/client/api/classes.ts";
import { Button } from "@/client/components/ui/button.tsx";
import { Dialog } from "@/client/components/ui/dialog.tsx";
import { TextField, useFocusFirstError } from "@/client/components/ui/field.tsx";
import { ApiError, hasErrorCode } from "@/client/lib/api.ts";
import { CLASS_MESSAGES } from "@/shared/api/classes.ts";
import { JOIN_CODE_LENGTH, normaliseJoinCodeInput, parseJoinCode } from "@/shared/domain/join-code.ts";

export function JoinClassDialog({
  open,
  onOpenChange,
  onJoined,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onJoined: (name: string) => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const join = useJoinClass();
  const { ref, focusFirstError } = useFocusFirstError();

  function close(next: boolean) {
    if (!next) {
      setCode("");
      setError(null);
    }
    onOpenChange(next);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseJoinCode(code);
    if (parsed === null) {
      setError(CLASS_MESSAGES.invalidCode);
      return focusFirstError();
    }
    setError(null);
    try {
      const joined = await join.mutateAsync(parsed);
      close(false);
      onJoined(joined.name);
    } catch (err) {
      if (hasErrorCode(err, "UNAUTHORIZED")) setError(CLASS_MESSAGES.notAuthenticated);
      else if (err instanceof ApiError && err.status < 500) setError(err.message);
      else setError(CLASS_MESSAGES.joinFailed);
      focusFirstError();
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Join Class"
      description="Type the 8-character code your teacher gave you."
    >
      <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
        <TextField
          error={error}
          label="Class code"
          value={code}
          onChange={(e) => setCode(normaliseJoinCodeInput(e.target.value))}
          maxLength={JOIN_CODE_LENGTH}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          placeholder="e.g. ABCD2345"
          className="[&_input]:font-mono [&_input]:tracking-widest"
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={join.isPending}>
            Join Class
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
