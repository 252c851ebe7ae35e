import type { Runner } from "../platform/events/event-platform.js";
import type { Logger } from "../platform/log/logger.js";

export interface NamedRunner {
  readonly name: string;
  readonly runner: Runner;
}

/**
 * The long-running parts of one role: started one after the other (a stop meanwhile leaves the
 * rest unstarted), stopped in the reverse order of their start, and asked where they stand for
 * /readyz. Its state is the list of those started.
 */
export class RunnerGroup {
  private readonly started: NamedRunner[] = [];

  constructor(
    readonly runners: readonly NamedRunner[],
    private readonly log: Logger,
  ) {}

  /** Starts those not started yet (of them, those `which` names; default all). */
  async start(cancelled: () => boolean, which: (name: string) => boolean = () => true): Promise<void> {
    for (const named of this.runners) {
      if (cancelled()) return;
      if (this.started.includes(named) || !which(named.name)) continue;
      this.started.push(named);
      await named.runner.start();
    }
  }

  async stop(): Promise<void> {
    for (const { name, runner } of this.started.splice(0).reverse()) {
      try {
        await runner.stop();
      } catch (error) {
        this.log.error({ err: error, part: name }, "failed to stop cleanly");
      }
    }
  }

  /** true, or the runners not running yet (or again): what /readyz shows. */
  ready(): true | string {
    const waiting = this.runners
      .filter(({ runner }) => (runner.status?.() ?? "running") !== "running")
      .map(({ name, runner }) => `${name} ${runner.status?.()}`);
    return waiting.length === 0 || `waiting: ${waiting.join(", ")}`;
  }
}
