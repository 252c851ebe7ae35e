import type { SqlRunner } from "../../../db/sql-runner.js";

/** Appends in the caller's transaction (the relay: atomically with the outbox mark). */
export async function appendToLog(
  runner: SqlRunner,
  messages: ReadonlyArray<{ topic: string; key: string; value: string; headers: Record<string, string> }>,
): Promise<void> {
  if (messages.length === 0) return;
  await runner.execute(
    `INSERT INTO platform.event_log (topic, key, value, headers)
    SELECT t.topic, t.key, t.value, t.headers::jsonb
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
         WITH ORDINALITY AS t(topic, key, value, headers, n)
    ORDER BY t.n`,
    [
      messages.map((m) => m.topic),
      messages.map((m) => m.key),
      messages.map((m) => m.value),
      messages.map((m) => JSON.stringify(m.headers)),
    ],
  );
}
