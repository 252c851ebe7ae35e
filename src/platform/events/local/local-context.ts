import type { Clock } from "../../clock/clock.js";
import type { Settings } from "../../config/settings.js";
import type { Db } from "../../db/prisma-client.js";
import type { Logger } from "../../log/logger.js";
import type { Registry } from "../../metrics/registry.js";
import { COMMIT_CHANNEL, type CommitSignals } from "../commit-signals.js";
import type { ContractRegistry } from "../contracts/registry.js";
import type { PollLoop } from "../poll-loop.js";
import type { EventPlatformTuning, Runner } from "../transport/runner.js";
import type { OutboundMessage } from "../transport/transport.js";
import type { GroupLocks } from "./group-locks.js";

export interface LocalTransportDeps {
  settings: Settings;
  db: Db;
  log: Logger;
  metrics: Registry;
  clock: Clock;
  instanceId: string;
  tuning?: EventPlatformTuning;
  contracts?: ContractRegistry;
  /** commit wake-ups (decision 0485): an append to the log ends the readers' idle sleep */
  signals?: CommitSignals;
}

/** What the local transport's consumers and broadcasts share. */
export interface LocalContext {
  readonly deps: LocalTransportDeps;
  readonly signals: CommitSignals | undefined;
  readonly pollMs: number;
  /** Idle readers sleep the slow fallback while commit signals listen (decision 0588) */
  readonly idleMs: () => number;
  readonly send: (message: Omit<OutboundMessage, "id">) => Promise<void>;
  /** The group locks' connection, opened at the first use */
  groupLocks(): GroupLocks;
}

/**
 * A reader of the local log as a Runner: its poll loop started after `beforeStart` and nudged by
 * every committed append (decision 0485), stopped before `afterStop`.
 */
export function pollRunner(
  ctx: LocalContext,
  loop: PollLoop,
  hooks: { beforeStart?(): void | Promise<void>; afterStop?(): Promise<void> },
): Runner {
  let unlisten: (() => void) | null = null;
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
    },
  };
}
