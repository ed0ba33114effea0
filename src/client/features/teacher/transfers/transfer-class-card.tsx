// On a class's page: offer the class to another teacher by e-mail, or see and cancel the offer
// waiting for an answer. Nothing changes for the class until the other teacher accepts.
import { type FormEvent, useState } from "react";
import { useAnswerTransfer, useOfferTransfer, usePendingTransfers } from "@/client/api/transfers.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { TextField } from "@/client/components/ui/field.tsx";
import { OfferTransferBody } from "@/shared/api/transfers.ts";

export function TransferClassCard({ classId, className }: { classId: string; className: string }) {
  const pending = usePendingTransfers();
  const offer = useOfferTransfer();
  const answer = useAnswerTransfer();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const waiting = pending.data?.outgoing.find((t) => t.classId === classId);

  function submit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const checked = OfferTransferBody.safeParse({ email });
    if (!checked.success) {
      setError(checked.error.issues[0].message);
      return;
    }
    setError(null);
    offer.mutate(
      { classId, email: checked.data.email },
      {
        onSuccess: (t) => {
          setEmail("");
          setDone(`Offer sent to ${t.to.name}. ${className} stays yours until they accept.`);
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return (
    <Card className="mt-6 p-5">
      <h3 className="mb-1 text-lg font-semibold">Transfer this class</h3>
      <p className="mb-3 text-sm text-slate-600">
        Give the class, its students, assignments and their work to another teacher. Nothing changes until
        they accept; you can cancel before then.
      </p>
      {done && (
        <div className="mb-3">
          <Alert tone="success">{done}</Alert>
        </div>
      )}
      {waiting ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-800">
            Offered to <strong>{waiting.to.name}</strong> ({waiting.to.email}), waiting for them to accept.
          </p>
          <Button
            variant="secondary"
            busy={answer.isPending}
            onClick={() =>
              answer.mutate(
                { id: waiting.id, answer: "cancel" },
                {
                  onSuccess: () => setDone("Offer cancelled. The class is still yours."),
                  onError: (e) => setError(e.message),
                },
              )
            }
          >
            Cancel offer
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <TextField
              label="The other teacher's e-mail address"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error ?? undefined}
            />
          </div>
          <Button type="submit" busy={offer.isPending}>
            Offer class
          </Button>
        </form>
      )}
      {waiting && error && (
        <div className="mt-3">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </Card>
  );
}
