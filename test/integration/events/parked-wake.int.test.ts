import { describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import type { AnyConsumerDefinition } from "../../../src/platform/events/consumer/definition.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import {
  enqueueItems,
  type Faults,
  itemsConsumer,
  itemsSuite,
  itemTopic,
  noFaults,
  readItems,
  type TransportName,
} from "./harness.js";

/** Every poll of this suite: far longer than any wait below, so only a wake-up can retry in time. */
const POLL_MS = 300_000;
/** Well under POLL_MS: a failure here means the scanner was not woken. */
const WOKEN_WITHIN_MS = 30_000;

/** Wall-clock time (a parked row's timer must come due by itself); it is never moved by hand. */
class WallClock extends ManualClock {
  override now(): Date {
    return new Date();
  }
}

function withRetryDelays(def: AnyConsumerDefinition, delaysMs: number[]): AnyConsumerDefinition {
  const policy = def.policy ?? {};
  return { ...def, policy: { ...policy, retry: { ...policy.retry, retriableDelaysMs: delaysMs } } };
}

const transports: TransportName[] = ["local", "kafka"];

// Decision 0613: the parked scanner sleeps until its group's next retry and is woken by parks and
// re-drives; its poll is a safety net only. Every poll here is 5 minutes.
describeWithService(["postgres", "kafka"], "parked scanner wake-ups", () => {
  describe.each(transports)("%s transport", (transport) => {
    const suite = itemsSuite(transport, `parked_wake_${transport}`);

    async function parkOne(
      commitSignals: boolean,
      delaysMs: number[],
    ): Promise<{ faults: Faults; group: string }> {
      const put = suite.put({
        clock: new WallClock(),
        settings: { commitSignals, commitSignalFallbackMs: POLL_MS },
        tuning: { parkedScanMs: POLL_MS },
      });
      const topic = itemTopic();
      const group = `pin-test-${transport}-wake-${Date.now()}`;
      const faults = noFaults();
      faults.retriableKeys.add("late");
      const relay = await suite.started(put.platform.startRelay());
      const consumer = await suite.started(
        put.platform.runConsumer(withRetryDelays(itemsConsumer(group, topic, faults), delaysMs)),
      );
      await enqueueItems(suite.db.prisma, topic, [{ Key: "late", Seq: 1 }], put.clock);
      await relay.whenCaughtUp?.();
      await eventually(() => suite.db.prisma.parkedMessage.count({ where: { groupId: group } }), {
        until: (n) => n === 1,
        what: "the message parked",
      });
      void consumer;
      return { faults, group };
    }

    const applied = () =>
      eventually(async () => (await readItems(suite.db.prisma)).get("late")?.seqs, {
        timeoutMs: WOKEN_WITHIN_MS,
        what: "the parked message retried and applied",
      });

    it("a parked message is retried when it comes due, without waiting for the safety poll", async () => {
      const { faults, group } = await parkOne(true, [1_000, 1_000]);
      faults.retriableKeys.delete("late");
      expect(await applied()).toEqual([1]);
      // The retry's own transaction unparks the row after the batch's scope committed the write: a
      // moment after the message shows as applied (an immediate count failed under a full run).
      await eventually(() => suite.db.prisma.parkedMessage.count({ where: { groupId: group } }), {
        until: (n) => n === 0,
        timeoutMs: WOKEN_WITHIN_MS,
        what: "the retried message unparked",
      });
    });

    it("with commit signals off, the in-process park alone arms the scanner's timer", async () => {
      const { faults } = await parkOne(false, [1_000, 1_000]);
      faults.retriableKeys.delete("late");
      expect(await applied()).toEqual([1]);
    });

    it("a row made due by another process (a re-drive) is retried on its NOTIFY", async () => {
      const { faults, group } = await parkOne(true, [POLL_MS * 2, POLL_MS * 2]);
      faults.retriableKeys.delete("late");
      // What a re-drive by wait key does in another process (decision 0580): the row is due now.
      await suite.db.prisma.$executeRaw`
        UPDATE platform.parked_messages SET next_attempt_at = now() - interval '1 second'
        WHERE group_id = ${group}`;
      expect(await applied()).toEqual([1]);
    });
  });
});
