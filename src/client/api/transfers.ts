// /api/classes/:id/transfer and /api/transfers: offering a class to another teacher and answering.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { ClassTransfer, PendingTransfers } from "@/shared/api/transfers.ts";
import { assignmentKeys } from "./assignments.ts";
import { classKeys } from "./classes.ts";
import { dashboardKeys } from "./dashboard.ts";

export const transferKeys = { all: ["transfers"] as const };

export const fetchPendingTransfers = () => api<PendingTransfers>("/api/transfers");
export const offerTransfer = ({ classId, email }: { classId: string; email: string }) =>
  api<ClassTransfer>(`/api/classes/${encodeURIComponent(classId)}/transfer`, { body: { email } });
export const answerTransfer = ({ id, answer }: { id: string; answer: "accept" | "decline" | "cancel" }) =>
  api<ClassTransfer>(`/api/transfers/${encodeURIComponent(id)}/${answer}`, { method: "POST" });

export const pendingTransfersQuery = () =>
  queryOptions({ queryKey: transferKeys.all, queryFn: fetchPendingTransfers });
export const usePendingTransfers = () => useQuery(pendingTransfersQuery());

export function useOfferTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: offerTransfer,
    onSuccess: () => qc.invalidateQueries({ queryKey: transferKeys.all }),
  });
}

/** Accepting brings a class, its assignments and the dashboard's counts with it. */
export function useAnswerTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerTransfer,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: transferKeys.all });
      qc.invalidateQueries({ queryKey: classKeys.all });
      qc.invalidateQueries({ queryKey: assignmentKeys.list() });
      qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
