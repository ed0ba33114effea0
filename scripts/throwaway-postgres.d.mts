export function startThrowawayPostgres(): Promise<{ url: string; stop(): void } | null>;
