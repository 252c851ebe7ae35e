/**
 * The product owner's answer 1 on issue #43 (dedup by construction): a consumer without dedup marks
 * proves, on a stream of its topics, that a message applied again leaves the state of one
 * application. Each check takes the consumer harness's two ways in and the consumer's own state
 * read (deterministic, comparable with toEqual).
 */
import { expect } from "vitest";
import type { Db } from "../../src/platform/db/prisma-client.js";
import type { InboundMessage } from "../../src/platform/events/wire.js";

export interface Deliveries {
  deliver(message: InboundMessage): Promise<string>;
  deliverBatch(messages: readonly InboundMessage[]): Promise<void>;
}

/** Every message applied, then each again after all that followed it: the state does not move. */
export async function replayAfterAll(
  h: Deliveries,
  messages: readonly InboundMessage[],
  state: () => Promise<unknown>,
  between: () => void = () => {},
): Promise<string[]> {
  for (const m of messages) await h.deliver(m);
  const once = await state();
  between();
  const outcomes: string[] = [];
  for (const m of messages) outcomes.push(await h.deliver(m));
  expect(await state()).toEqual(once);
  return outcomes;
}

/** A batch delivered whole, again whole (a crash between its commit and the offset commit), then from `from` on. */
export async function redeliveredBatch(
  h: Deliveries,
  messages: readonly InboundMessage[],
  state: () => Promise<unknown>,
  from: number,
  between: () => void = () => {},
): Promise<void> {
  await h.deliverBatch(messages);
  const once = await state();
  between();
  await h.deliverBatch(messages);
  expect(await state()).toEqual(once);
  await h.deliverBatch(messages.slice(from));
  expect(await state()).toEqual(once);
}

/** One stream delivered once per message, a second (same shape) twice per message in a row. */
export async function onceAndTwiceInARow(
  h: Deliveries,
  single: readonly InboundMessage[],
  doubled: readonly InboundMessage[],
): Promise<void> {
  for (const m of single) await h.deliver(m);
  for (const m of doubled) {
    await h.deliver(m);
    await h.deliver(m);
  }
}

/** Dedup marks the group wrote (none, for a consumer deduplicated by construction). */
export async function marksOfGroup(db: Db, group: string): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM platform.processed_messages WHERE group_id = ${group}`;
  return Number(row?.n ?? 0);
}
