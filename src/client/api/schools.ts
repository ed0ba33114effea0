// /api/schools/facts: what the school pack says about this server (SMTP provider, database kind).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api.ts";
import type { ServerFacts } from "@/shared/api/retention.ts";

export const schoolKeys = { facts: ["schools", "facts"] as const };
export const fetchServerFacts = () => api<ServerFacts>("/api/schools/facts");
export const serverFactsQuery = () => queryOptions({ queryKey: schoolKeys.facts, queryFn: fetchServerFacts });
export const useServerFacts = () => useQuery(serverFactsQuery());
