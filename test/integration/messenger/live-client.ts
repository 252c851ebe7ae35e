import type { Client } from "graphql-ws";
import type { CrmEventByTopic } from "../../../src/contracts/crm-booking-events.js";
import type { Clock } from "../../../src/platform/clock/clock.js";
import type { Db } from "../../../src/platform/db/prisma-client.js";
import { enqueue } from "../../../src/platform/events/outbox/enqueue.js";
import { TOPIC } from "../../../src/platform/events/topics.js";

/** A pull-based reader of one graphql-ws subscription field (the test awaits each item). */
export function subscribeField<T>(
  client: Client,
  field: string,
  query: string,
  variables: Record<string, unknown>,
) {
  const iterator = client.iterate<Record<string, T>>({ query, variables });
  return {
    async next(): Promise<T> {
      const result = await iterator.next();
      if (result.done) throw new Error("subscription ended");
      if (result.value.errors)
        throw Object.assign(new Error("subscription error"), { errors: result.value.errors });
      return result.value.data![field]!;
    },
    close: () => iterator.return?.(),
  };
}

/** A crm event written to the outbox as crm writes it, so the running app's relay and consumers carry it. */
export async function publishCrmEvent<T extends keyof CrmEventByTopic>(
  db: Db,
  clock: Clock,
  topic: T,
  payload: CrmEventByTopic[T],
): Promise<void> {
  await db.$transaction((tx) =>
    enqueue(
      tx,
      {
        topic,
        key: topic === TOPIC.dealSaleStarted ? payload.DealId : payload.BookingId,
        aggregateType: topic === TOPIC.dealSaleStarted ? "Deal" : "Booking",
        payload,
      },
      clock,
    ),
  );
}
