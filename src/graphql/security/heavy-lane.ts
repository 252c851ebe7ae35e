/**
 * The storefront's heavy lane (issue #42 item 1; decision 0573): operations whose cost is at least
 * HEAVY_COST_UNITS (facets, distance sorts, fine clusters) run at most `slots` at once per process,
 * whoever sends them; the others wait their turn in order, at most `maxWaiting` of them (beyond,
 * refused at once). A slot rests `restRatio` × the time it was held before the next operation
 * takes it (1: heavy reads get at most half of a slot's time, however many wait; capped at
 * MAX_REST_MS). Pages of lots never enter it, so a flood of heavy reads cannot take the
 * database's cores from them.
 */
export interface HeavyLane {
  /** A release function once a slot is free, or null when the queue is full. */
  enter(): Promise<(() => void) | null>;
  readonly running: () => number;
  readonly waiting: () => number;
}

export const HEAVY_COST_UNITS = 10;
const MAX_REST_MS = 2_000;

export function createHeavyLane(
  slots: number,
  maxWaiting: number,
  restRatio = 1,
  now: () => number = Date.now,
): HeavyLane {
  let running = 0;
  const queue: Array<() => void> = [];
  const pass = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  const slot = () => {
    const since = now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const rest = Math.min(MAX_REST_MS, (now() - since) * restRatio);
      // a slot passes straight to the next waiter (running stays counted), after its rest
      if (rest >= 1) setTimeout(pass, rest).unref();
      else pass();
    };
  };
  return {
    async enter() {
      if (running < slots) {
        running++;
        return slot();
      }
      if (queue.length >= maxWaiting) return null;
      await new Promise<void>((resolve) => queue.push(resolve));
      return slot();
    },
    running: () => running,
    waiting: () => queue.length,
  };
}
