import { broadcastGroupId } from "../../kafka/group-membership.js";
import { parseEnvelope } from "../../wire.js";
import { ensureTopics } from "./1-connect.js";
import { supervise } from "./2-supervise.js";
const BROADCAST_WAIT_MS = 100;
function kafkaBroadcast(ctx, opts) {
  const c = ctx.connection;
  const groupId = c.names.group(broadcastGroupId(opts.name, ctx.deps.instanceId, ctx.bootId));
  const state = {
    connection: c,
    opts,
    wireTopics: opts.topics.map(c.names.topic),
    next: /* @__PURE__ */ new Map(),
    endsTaken: false
  };
  const supervisor = supervise({
    name: `broadcast-${opts.name}`,
    log: c.log,
    metrics: ctx.deps.metrics,
    broker: c.broker,
    classify: c.port.classify,
    create: () => c.port.member({
      name: `broadcast-${opts.name}`,
      group: groupId,
      topics: state.wireTopics,
      fetch: { maxWaitMs: BROADCAST_WAIT_MS, minBytes: 1, pipelined: false },
      concurrency: 1,
      before: () => takeEnds(state),
      positions: (assigned) => positions(state, assigned),
      handle: (messages, part) => deliver(state, messages, part)
    })
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
      if (c.broker.connected) await c.port.admin.deleteGroup(groupId).catch(() => {
      });
    },
    status: () => supervisor.status()
  };
}
async function takeEnds(state) {
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
async function positions(state, assigned) {
  const out = /* @__PURE__ */ new Map();
  const ends = /* @__PURE__ */ new Map();
  for (const p of assigned) {
    const key = `${p.topic}:${p.partition}`;
    const at = state.next.get(key);
    if (at !== void 0) out.set(key, at);
    else {
      if (!ends.has(key))
        for (const e of await state.connection.port.admin.ends(p.topic))
          ends.set(`${p.topic}:${e.partition}`, BigInt(e.offset));
      out.set(key, ends.get(key) ?? 0n);
    }
  }
  return out;
}
async function deliver(state, messages, part) {
  const { names, log } = state.connection;
  for (const message of messages) {
    if (!part.isRunning()) return;
    state.next.set(`${message.topic}:${message.partition}`, BigInt(message.offset) + 1n);
    part.resolve(message.offset);
    await toListener(log, state.opts, { ...message, topic: names.specTopic(message.topic) });
  }
}
async function toListener(log, opts, message) {
  const parsed = parseEnvelope(message);
  if (!parsed.ok) return;
  try {
    await opts.onEvent(parsed.envelope);
  } catch (error) {
    log.warn({ broadcast: opts.name, topic: message.topic, err: error }, "broadcast listener failed");
  }
}
export {
  kafkaBroadcast,
  toListener
};
//# sourceMappingURL=6-broadcast.js.map
