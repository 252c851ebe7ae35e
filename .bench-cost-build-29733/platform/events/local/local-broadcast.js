import { createPollLoop } from "../poll-loop.js";
import { toListener } from "../transport/core/6-broadcast.js";
import { pollRunner } from "./local-context.js";
import { inboundOf } from "./local-log.js";
import { latestPosition } from "./sql/latest-position.js";
import { readLog } from "./sql/read-committed.js";
const BATCH_SIZE = 200;
function localBroadcast(ctx, opts) {
  const { db, log } = ctx.deps;
  const positions = /* @__PURE__ */ new Map();
  let heldBack = false;
  const loop = createPollLoop({
    idleMs: () => heldBack ? ctx.pollMs : ctx.idleMs(),
    async pass() {
      let more = false;
      heldBack = false;
      for (const topic of opts.topics) {
        const from = positions.get(topic) ?? await latestPosition(db, topic);
        const read = await readLog(db, topic, from, BATCH_SIZE);
        const rows = read.rows;
        if (read.heldBack) heldBack = true;
        for (const row of rows) {
          await toListener(log, opts, inboundOf(row));
          positions.set(topic, { txId: row.tx_id, id: row.id });
        }
        if (!positions.has(topic)) positions.set(topic, from);
        if (rows.length === BATCH_SIZE) more = true;
      }
      return more ? "busy" : "idle";
    },
    onFailure(_failures, error) {
      log.warn({ broadcast: opts.name, err: error }, "broadcast poll failed");
      return ctx.pollMs * 10;
    }
  });
  return pollRunner(ctx, loop, {
    async beforeStart() {
      for (const topic of opts.topics) positions.set(topic, await latestPosition(db, topic));
    }
  });
}
export {
  localBroadcast
};
//# sourceMappingURL=local-broadcast.js.map
