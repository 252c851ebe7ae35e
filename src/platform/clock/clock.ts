/** The clock port: everything that reads time takes a Clock, so tests can move time. */
export interface Clock {
  now(): Date;
  /**
   * Calls `listener` each time this clock's time is moved by hand (a test's ManualClock, the
   * admin's TestClock) rather than by its passing; returns the unsubscribe. A timer armed for a
   * moment of this clock (the parked scanner's next due retry, decision 0613) re-reads then.
   * Absent on clocks that only pass (the system clock).
   */
  onJump?(listener: () => void): () => void;
}

export const systemClock: Clock = { now: () => new Date() };

/** Listeners of a clock's jumps (Clock.onJump), for the clocks moved by hand. */
export class JumpListeners {
  private readonly listeners = new Set<() => void>();
  add(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  fire(): void {
    for (const listener of this.listeners) listener();
  }
}

/** A clock tests move by hand; nothing sleeps to wait for a timer. */
export class ManualClock implements Clock {
  private current: number;
  private readonly jumps = new JumpListeners();
  constructor(start: Date | string = "2026-01-01T00:00:00.000Z") {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  onJump(listener: () => void): () => void {
    return this.jumps.add(listener);
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
    this.jumps.fire();
  }
  advance(ms: number): Date {
    this.current += ms;
    this.jumps.fire();
    return this.now();
  }
  advanceMinutes(minutes: number): Date {
    return this.advance(minutes * 60_000);
  }
}
