// Classes other teachers offered me, on the dashboard and the class list: accept or decline.
// Shows nothing when there are none (no nudge, no empty box).
import { useState } from "react";
import { useAnswerTransfer, usePendingTransfers } from "@/client/api/transfers.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import type { ClassTransfer } from "@/shared/api/transfers.ts";

function Offer({ offer, onAnswered }: { offer: ClassTransfer; onAnswered: (text: string) => void }) {
  const answer = useAnswerTransfer();
  const [error, setError] = useState<string | null>(null);
  const reply = (verb: "accept" | "decline") =>
    answer.mutate(
      { id: offer.id, answer: verb },
      {
        onSuccess: () =>
          onAnswered(
            verb === "accept"
              ? `${offer.className} is now one of your classes.`
              : `You declined ${offer.className}. It stays with ${offer.from.name}.`,
          ),
        onError: (e) => setError(e.message),
      },
    );
  const students = `${offer.studentCount} ${offer.studentCount === 1 ? "student" : "students"}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <p className="text-sm text-slate-800">
        <strong>{offer.from.name}</strong> offers you <strong>{offer.className}</strong> ({students}).
      </p>
      <div className="flex gap-2">
        <Button
          size="sm"
          busy={answer.isPending && answer.variables?.answer === "accept"}
          onClick={() => reply("accept")}
        >
          Accept<span className="sr-only"> {offer.className}</span>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          busy={answer.isPending && answer.variables?.answer === "decline"}
          onClick={() => reply("decline")}
        >
          Decline<span className="sr-only"> {offer.className}</span>
        </Button>
      </div>
      {error && (
        <div className="w-full">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </li>
  );
}

export function ClassOffers() {
  const pending = usePendingTransfers();
  const [answered, setAnswered] = useState<string | null>(null);
  const offers = pending.data?.incoming ?? [];
  if (offers.length === 0 && !answered) return null;
  return (
    <section aria-labelledby="class-offers" className="mb-6">
      {answered && (
        <div className="mb-3">
          <Alert tone="success">{answered}</Alert>
        </div>
      )}
      {offers.length > 0 && (
        <Card className="p-5">
          <h2 id="class-offers" className="text-lg font-semibold">
            Classes offered to you
          </h2>
          <p className="text-sm text-slate-600">
            Accepting makes the class yours: its students, assignments and their work.
          </p>
          <ul className="divide-y divide-slate-200">
            {offers.map((o) => (
              <Offer key={o.id} offer={o} onAnswered={setAnswered} />
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
