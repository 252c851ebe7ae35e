import type { RoleProcess } from "../rig/pin-roles.js";
import type { Prng } from "./prng.js";

/**
 * K SIGKILLs at seeded moments of the stream: once the stream passes a moment, a random role
 * process is killed (no shutdown hook runs: in-flight batches, open transactions and uncommitted
 * offsets are simply lost) and started again at once. Kills run one after another in their own
 * loop — a moment passed while a restart is still going is served right after it — so at most one
 * process is down at a time and the stream never waits for a restart.
 */
export interface Kill {
  readonly atEvent: number;
  readonly process: string;
  restartMs: number | null;
}

export interface Chaos {
  readonly kills: Kill[];
  onEvent(events: number): Promise<void>;
  /** Waits until every kill was made and its process restarted */
  settle(): Promise<void>;
}

export function createChaos(prng: Prng, processes: readonly RoleProcess[], k: number, events: number): Chaos {
  // Spread over 5 %…85 % of the stream, so most restarts have load after them.
  const moments = Array.from({ length: k }, () => Math.floor(events * (0.05 + 0.8 * prng.next()))).sort(
    (a, b) => a - b,
  );
  const kills: Kill[] = [];
  const due: number[] = [];
  let loop: Promise<void> | null = null;

  async function killInTurn(): Promise<void> {
    for (let at = due.shift(); at !== undefined; at = due.shift()) {
      const victim = prng.pick(processes);
      const kill: Kill = { atEvent: at, process: victim.name, restartMs: null };
      kills.push(kill);
      await victim.daemon.kill();
      const started = Date.now();
      await victim.daemon.start();
      kill.restartMs = Date.now() - started;
    }
    loop = null;
  }

  return {
    kills,
    async onEvent(count) {
      while (moments.length > 0 && (moments[0] as number) <= count) due.push(moments.shift() as number);
      if (due.length > 0 && loop === null) loop = killInTurn();
    },
    async settle() {
      while (loop !== null) await loop;
    },
  };
}
