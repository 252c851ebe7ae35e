import type { Logger } from "../../../log/logger.js";
import { broadcastGroupId } from "../../kafka/group-membership.js";
import { type InboundMessage, parseEnvelope } from "../../wire.js";
import type { BroadcastOptions, Runner } from "../runner.js";
import { type Connection, ensureTopics } from "./1-connect.js";
import { supervise } from "./2-supervise.js";
import type { TransportContext } from "./context.js";
import type { PartitionHandle, TopicPartition } from "./port.js";

/**
 * A broadcast's state. "Live from now": where each partition stood when the first member was able
 * to ask, then moved on by every message seen. Every fresh member (the first, or one after a crash)
 * starts there, so nothing published while the group was being joined or while it was restarting
 * is skipped, and nothing seen is handed out twice.
 */
interface BroadcastState {
  readonly connection: Connection;
  readonly opts: BroadcastOptions;
  readonly wireTopics: readonly string[];
  /** The next offset of each "topic:partition" (wire names) */
  readonly next: Map<string, bigint>;
  endsTaken: boolean;
}

/** Stage 6: broadcast consumption, one private group per process start (decision 0525). */
export function kafkaBroadcast(ctx: TransportContext, opts: BroadcastOptions): Runner {
  const c = ctx.connection;
  const groupId = c.names.group(broadcastGroupId(opts.name, ctx.deps.instanceId, ctx.bootId));
  const state: BroadcastState = {
    connection: c,
    opts,
    wireTopics: opts.topics.map(c.names.topic),
    next: new Map(),
    endsTaken: false,
  };
  const supervisor = supervise({
    name: `broadcast-${opts.name}`,
    log: c.log,
    metrics: ctx.deps.metrics,
    broker: c.broker,
    classify: c.port.classify,
    create: () =>
      c.port.member({
        name: `broadcast-${opts.name}`,
        group: groupId,
        topics: state.wireTopics,
        // Takes what is there: the wait bounds only an idle member's empty fetches (decision 0626).
        fetch: { maxWaitMs: ctx.deps.settings.consumerFlushMs, minBytes: 1, pipelined: false },
        concurrency: 1,
        before: () => takeEnds(state),
        positions: (assigned) => positions(state, assigned),
        handle: (messages, part) => deliver(state, messages, part),
      }),
  });
  let running = false;
  return {
    async start() {
      if (running) return;
      running = true;
      await supervisor.start();
    },
    async stop() {
      if (!running) return;
      running = false;
      await supervisor.stop();
      // A broadcast group is per process: delete it so groups do not pile up on the broker.
      if (c.broker.connected) await c.port.admin.deleteGroup(groupId).catch(() => {});
    },
    status: () => supervisor.status(),
  };
}

/** Before the first member joins: the end of every partition is where the broadcast starts. */
async function takeEnds(state: BroadcastState): Promise<void> {
  const c = state.connection;
  await ensureTopics(c, state.wireTopics);
  if (state.endsTaken) return;
  for (const topic of state.wireTopics)
    for (const p of await c.port.admin.ends(topic)) {
      const key = `${topic}:${p.partition}`;
      if (!state.next.has(key)) state.next.set(key, BigInt(p.offset));
    }
  state.endsTaken = true;
}

/** Where assigned partitions start: where the broadcast stood; a partition added later at its end. */
async function positions(
  state: BroadcastState,
  assigned: readonly TopicPartition[],
): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  const ends = new Map<string, bigint>();
  for (const p of assigned) {
    const key = `${p.topic}:${p.partition}`;
    const at = state.next.get(key);
    if (at !== undefined) out.set(key, at);
    else {
      if (!ends.has(key))
        for (const e of await state.connection.port.admin.ends(p.topic))
          ends.set(`${p.topic}:${e.partition}`, BigInt(e.offset));
      out.set(key, ends.get(key) ?? 0n);
    }
  }
  return out;
}

/** Every message of the run to the listener, one after the other; a listener's failure is logged. */
async function deliver(
  state: BroadcastState,
  messages: readonly InboundMessage[],
  part: PartitionHandle,
): Promise<void> {
  const { names, log } = state.connection;
  for (const message of messages) {
    if (!part.isRunning()) return;
    state.next.set(`${message.topic}:${message.partition}`, BigInt(message.offset) + 1n);
    part.resolve(message.offset);
    await toListener(log, state.opts, { ...message, topic: names.specTopic(message.topic) });
  }
}

/**
 * One message to a broadcast's listener (every transport's broadcast, the local log's too): an
 * envelope that does not parse is passed over, a listener's failure is logged, never thrown.
 */
export async function toListener(
  log: Logger,
  opts: BroadcastOptions,
  message: InboundMessage,
): Promise<void> {
  const parsed = parseEnvelope(message);
  if (!parsed.ok) return;
  try {
    await opts.onEvent(parsed.envelope);
  } catch (error) {
    log.warn({ broadcast: opts.name, topic: message.topic, err: error }, "broadcast listener failed");
  }
}
