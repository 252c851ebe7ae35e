import type { Db, Tx } from "../../../db/prisma-client.js";

/** Appends in the caller's transaction (the relay: atomically with the outbox mark). */
export async function appendToLog(
  runner: Db | Tx,
  messages: ReadonlyArray<{ topic: string; key: string; value: string; headers: Record<string, string> }>,
): Promise<void> {
  if (messages.length === 0) return;
  await runner.$executeRaw`
    INSERT INTO platform.event_log (topic, key, value, headers)
    SELECT t.topic, t.key, t.value, t.headers::jsonb
    FROM unnest(${messages.map((m) => m.topic)}::text[], ${messages.map((m) => m.key)}::text[],
                ${messages.map((m) => m.value)}::text[], ${messages.map((m) => JSON.stringify(m.headers))}::text[])
         WITH ORDINALITY AS t(topic, key, value, headers, n)
    ORDER BY t.n`;
}
