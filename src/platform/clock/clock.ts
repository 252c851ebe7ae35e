/** The clock port: everything that reads time takes a Clock, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand; nothing sleeps to wait for a timer. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = "2026-01-01T00:00:00.000Z") {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
  advance(ms: number): Date {
    this.current += ms;
    return this.now();
  }
  advanceMinutes(minutes: number): Date {
    return this.advance(minutes * 60_000);
  }
}
