/**
 * An outage in the middle of the stream: at `atEvent` the service goes down (in the background:
 * the stream goes on against it), stays down `downMs`, comes back. `backAt` is when it answered
 * again, from which the drain time is counted.
 */
export interface Outage {
  onEvent(events: number): Promise<void>;
  done(): Promise<void>;
  readonly timing: { downAt: number | null; backAt: number | null };
}

export function createOutage(
  atEvent: number,
  downMs: number,
  service: { down(): Promise<void>; up(): Promise<void> },
): Outage {
  const timing: { downAt: number | null; backAt: number | null } = { downAt: null, backAt: null };
  let running: Promise<void> | null = null;
  return {
    timing,
    async onEvent(events) {
      if (running || events < atEvent) return;
      running = (async () => {
        await service.down();
        timing.downAt = Date.now();
        await new Promise((resolve) => setTimeout(resolve, downMs));
        await service.up();
        timing.backAt = Date.now();
      })();
    },
    async done() {
      await running;
    },
  };
}
