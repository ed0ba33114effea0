// /api/dev/mailbox (development only): what PyClass would have e-mailed, polled every 3 s.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { OutboxMail } from "@/shared/api/dev-mailbox.ts";

export const devMailboxKeys = { all: ["dev-mailbox"] as const };

export const fetchOutbox = () => api<OutboxMail[]>("/api/dev/mailbox");

export const outboxQuery = () =>
  queryOptions({ queryKey: devMailboxKeys.all, queryFn: fetchOutbox, refetchInterval: 3000 });

export const useOutbox = () => useQuery(outboxQuery());
