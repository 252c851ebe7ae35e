/**
 * The storefront's heavy lane (issue #42 item 1; decision 0573): operations whose cost is at least
 * HEAVY_COST_UNITS (facets, distance sorts, fine clusters) run at most `slots` at once per process,
 * whoever sends them; the others wait their turn in order, at most `maxWaiting` of them (beyond,
 * refused at once). Pages of lots never enter it, so a flood of heavy reads cannot take the
 * database's cores from them.
 */
export interface HeavyLane {
  /** A release function once a slot is free, or null when the queue is full. */
  enter(): Promise<(() => void) | null>;
  readonly running: () => number;
  readonly waiting: () => number;
}

export const HEAVY_COST_UNITS = 10;

export function createHeavyLane(slots: number, maxWaiting: number): HeavyLane {
  let running = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  const once = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };
  return {
    async enter() {
      if (running < slots) {
        running++;
        return once();
      }
      if (queue.length >= maxWaiting) return null;
      // a released slot passes straight to the next waiter (running stays counted)
      await new Promise<void>((resolve) => queue.push(resolve));
      return once();
    },
    running: () => running,
    waiting: () => queue.length,
  };
}
