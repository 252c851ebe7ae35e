import type { BookingCreatedV1 } from "../../../src/contracts/crm-booking-events.js";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import type { EventMetadata } from "../../../src/platform/events/envelope.js";
import { headersOf, type InboundMessage } from "../../../src/platform/events/wire.js";
import { type BookingRef, crm } from "../chessboard/chessboard-fixtures.js";

export const AGENT = DEMO_USERS.agent.userId;
export const INVESTOR = DEMO_USERS.investor.userId;

/** booking-created as crm publishes it since decision 0120: with the deal's parties. */
export function createdWithParties(
  b: BookingRef,
  at: Date,
  parties: { agent?: string | null; investor?: string | null } = {},
): BookingCreatedV1 {
  return {
    ...crm.created(b, at),
    DealAgentUserId: parties.agent === undefined ? AGENT : parties.agent,
    DealInvestorUserId: parties.investor === undefined ? INVESTOR : parties.investor,
  };
}

/** Rows another context wrote to the outbox, as a transport would hand them to a consumer. */
export async function outboxMessages(db: Db, topic: string, key?: string): Promise<InboundMessage[]> {
  const rows = await db.$queryRaw<
    Array<{ id: bigint; key: string; payload: unknown; metadata: EventMetadata }>
  >`
    SELECT id, key, payload, metadata FROM platform.outbox
     WHERE topic = ${topic} AND (${key ?? null}::text IS NULL OR key = ${key ?? null}) ORDER BY id`;
  return rows.map((r) => ({
    topic,
    partition: 0,
    offset: String(r.id),
    key: r.key,
    value: JSON.stringify(r.payload),
    headers: headersOf(r.metadata),
  }));
}

export async function outboxPayloads<P>(db: Db, topic: string, key?: string): Promise<P[]> {
  return (await outboxMessages(db, topic, key)).map((m) => JSON.parse(m.value) as P);
}
