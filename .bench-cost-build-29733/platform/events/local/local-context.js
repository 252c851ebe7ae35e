import { COMMIT_CHANNEL } from "../commit-signals.js";
function pollRunner(ctx, loop, hooks) {
  let unlisten = null;
  return {
    async start() {
      if (loop.isRunning()) return;
      await hooks.beforeStart?.();
      loop.start();
      unlisten = ctx.signals?.on(COMMIT_CHANNEL.eventLog, () => loop.nudge()) ?? null;
    },
    async stop() {
      unlisten?.();
      unlisten = null;
      await loop.stop();
      await hooks.afterStop?.();
    }
  };
}
export {
  pollRunner
};
//# sourceMappingURL=local-context.js.map
