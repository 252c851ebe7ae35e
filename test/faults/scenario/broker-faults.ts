import { TOPIC } from "../../../src/platform/events/topics.js";
import { eventually } from "../../support/eventually.js";
import { TEST_KAFKA_SESSION_TIMEOUT_MS } from "../../support/kafka-session.js";
import { type KafkaCluster, withAdminRetried } from "../rig/kafka-cluster.js";

/**
 * The broker faults of the cluster test, one after another in the middle of the stream (the
 * stream goes on through them; a fault begins only once the cluster is whole again, so at most
 * one node is down at a time and min.insync.replicas=2 can always be met):
 *  1. kill -9 of the node coordinating a consumer group (the catalog's), started again later;
 *  2. kill -9 of the node leading a partition of the booking flow's topic, started again later;
 *  3. a graceful stop of a node for longer than the consumers' session timeout, then a start.
 * Each fault records how long the cluster took to move the role elsewhere (failover), how long
 * the node was down, how long its restart took, and how long until every replica was back in sync.
 */
export interface BrokerFault {
  readonly kind: "coordinator-kill" | "leader-kill" | "stop-beyond-session";
  readonly node: number;
  readonly atEvent: number;
  /** What the node was: "coordinator of <group>" or "leader of <topic>[<p>]" */
  readonly role: string;
  failoverMs: number | null;
  downMs: number | null;
  restartMs: number | null;
  /** From the node's start to every partition's ISR full again */
  resyncMs: number | null;
}

export interface BrokerFaults {
  readonly faults: BrokerFault[];
  onEvent(events: number): Promise<void>;
  /** The stream should go on: a fault is still running or yet to come */
  busy(): boolean;
  done(): Promise<void>;
}

/** The role processes' session timeout (PIN_KAFKA_SESSION_TIMEOUT_MS of the rig, decision 0525) */
export const CONSUMER_SESSION_TIMEOUT_MS = TEST_KAFKA_SESSION_TIMEOUT_MS;
const KILLED_DOWN_MS = 8_000;
const STOPPED_DOWN_MS = CONSUMER_SESSION_TIMEOUT_MS + 5_000;
const FAILOVER_TIMEOUT_MS = 60_000;
const HEALTHY_TIMEOUT_MS = 180_000;
const POLL_MS = 200;
const BOOKING_TOPIC = TOPIC.bookingCreated;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function busiestGroup(brokers: string): Promise<string> {
  const { groups } = await withAdminRetried(brokers, (admin) => admin.listGroups());
  const ids = groups.map((g) => g.groupId).filter((g) => !g.startsWith("pin-broadcast-"));
  return ids.find((g) => g.includes("catalog")) ?? ids.sort()[0] ?? "pin-catalog";
}

/**
 * How long `probe` takes to answer a node other than `from` (and not -1), through `eventually`
 * with errors tolerated (the node asked may be the one just killed); null when not within
 * FAILOVER_TIMEOUT_MS.
 */
async function failoverMs(what: string, probe: () => Promise<number>, from: number): Promise<number | null> {
  const started = Date.now();
  try {
    await eventually(probe, {
      what,
      until: (node) => node >= 0 && node !== from,
      timeoutMs: FAILOVER_TIMEOUT_MS,
      everyMs: POLL_MS,
      tolerateErrors: true,
    });
    return Date.now() - started;
  } catch {
    return null;
  }
}

export function createBrokerFaults(
  cluster: KafkaCluster,
  firstAtEvent: number,
  topics: readonly string[],
): BrokerFaults {
  const faults: BrokerFault[] = [];
  const plan: BrokerFault["kind"][] = ["coordinator-kill", "leader-kill", "stop-beyond-session"];
  let running: Promise<void> | null = null;
  let finished = false;
  let eventsNow = 0;

  async function one(kind: BrokerFault["kind"]): Promise<void> {
    await cluster.waitHealthy(topics, HEALTHY_TIMEOUT_MS);
    const atEvent = eventsNow;
    let node: number;
    let role: string;
    let probe: () => Promise<number>;
    if (kind === "coordinator-kill") {
      const group = await busiestGroup(cluster.brokers);
      node = await cluster.coordinatorOf(group);
      role = `coordinator of ${group}`;
      probe = () => cluster.coordinatorOf(group);
    } else {
      node = await cluster.leaderOf(BOOKING_TOPIC, 0);
      role = `leader of ${BOOKING_TOPIC}[0]`;
      probe = () => cluster.leaderOf(BOOKING_TOPIC, 0);
    }
    const fault: BrokerFault = {
      kind,
      node,
      atEvent,
      role,
      failoverMs: null,
      downMs: null,
      restartMs: null,
      resyncMs: null,
    };
    faults.push(fault);
    const daemon = cluster.node(node).daemon;
    const downAt = Date.now();
    if (kind === "stop-beyond-session") await daemon.stop();
    else await daemon.kill();
    fault.failoverMs = await failoverMs(`${role} moved`, probe, node);
    await pause(
      Math.max(
        0,
        (kind === "stop-beyond-session" ? STOPPED_DOWN_MS : KILLED_DOWN_MS) - (Date.now() - downAt),
      ),
    );
    const startAt = Date.now();
    fault.downMs = startAt - downAt;
    await daemon.start();
    fault.restartMs = Date.now() - startAt;
    await cluster.waitHealthy(topics, HEALTHY_TIMEOUT_MS);
    fault.resyncMs = Date.now() - startAt;
  }

  return {
    faults,
    async onEvent(events) {
      eventsNow = events;
      if (running || finished || events < firstAtEvent) return;
      running = (async () => {
        try {
          for (const kind of plan) await one(kind);
        } finally {
          finished = true;
        }
      })();
      // Reported by done(), which the phase awaits: not an unhandled rejection in between.
      running.catch(() => {});
    },
    busy: () => !finished,
    async done() {
      await running;
    },
  };
}
