/**
 * The order a process stops in, declared (issue #41 item 4): the api first (no new requests; a
 * load balancer stops sending), then the consumers (no new input from the broker), then the
 * workers (the outbox relay publishes what the consumers wrote last), then the operations
 * listener (probes and scrapes answer until the roles are down), then the infrastructure
 * (ClickHouse, the event platform, the pools, PostgreSQL).
 */
export const STOP_ORDER = ["api", "consumers", "workers", "operations", "infrastructure"] as const;
export type StopStage = (typeof STOP_ORDER)[number];

export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Stops the parts present in STOP_ORDER, one after the other; a part that fails to stop is
 * reported and the next one still stops. Returns the stages stopped, in order.
 */
export async function stopInOrder(
  parts: Partial<Record<StopStage, Stoppable>>,
  onError: (stage: StopStage, error: unknown) => void,
): Promise<StopStage[]> {
  const stopped: StopStage[] = [];
  for (const stage of STOP_ORDER) {
    const part = parts[stage];
    if (!part) continue;
    try {
      await part.stop();
    } catch (error) {
      onError(stage, error);
    }
    stopped.push(stage);
  }
  return stopped;
}
