class RunnerGroup {
  constructor(runners, log) {
    this.runners = runners;
    this.log = log;
  }
  runners;
  log;
  started = [];
  /** Starts those not started yet (of them, those `which` names; default all). */
  async start(cancelled, which = () => true) {
    for (const named of this.runners) {
      if (cancelled()) return;
      if (this.started.includes(named) || !which(named.name)) continue;
      this.started.push(named);
      await named.runner.start();
    }
  }
  async stop() {
    for (const { name, runner } of this.started.splice(0).reverse()) {
      try {
        await runner.stop();
      } catch (error) {
        this.log.error({ err: error, part: name }, "failed to stop cleanly");
      }
    }
  }
  /** true, or the runners not running yet (or again): what /readyz shows. */
  ready() {
    const waiting = this.runners.filter(({ runner }) => (runner.status?.() ?? "running") !== "running").map(({ name, runner }) => `${name} ${runner.status?.()}`);
    return waiting.length === 0 || `waiting: ${waiting.join(", ")}`;
  }
}
export {
  RunnerGroup
};
//# sourceMappingURL=runner-group.js.map
