/**
 * Operations running at once per caller (issue #42 item 1): a caller at its cap is refused at once
 * instead of queueing work for the database. Per process (a replica's own requests); memory is
 * bounded by maxKeys (a caller beyond it is refused while the table is full).
 */
export interface InFlight {
  /** Counts one operation of `key` in; false when it already has `max` running. */
  enter(key: string, max: number): boolean;
  /** Counts one operation of `key` out (once per successful enter). */
  leave(key: string): void;
  size(): number;
}

export function createInFlight(maxKeys: number): InFlight {
  const running = new Map<string, number>();
  return {
    enter(key, max) {
      const n = running.get(key) ?? 0;
      if (n >= max || (n === 0 && running.size >= maxKeys)) return false;
      running.set(key, n + 1);
      return true;
    },
    leave(key) {
      const n = running.get(key) ?? 0;
      if (n <= 1) running.delete(key);
      else running.set(key, n - 1);
    },
    size: () => running.size,
  };
}
