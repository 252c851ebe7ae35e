import type { AnyConsumerDefinition } from "../definition.js";

/**
 * The variations only a sink scope has (devstats' ClickHouse consumers), in one place:
 * - key order (decision 0212): under `keyOrder: "irrelevant"` the gate skips the parked-key read
 *   before the scope begins (one round trip a batch) and a key's new messages do not wait behind
 *   its parked one. On the PostgreSQL scope the check rides on the dedup mark and stays.
 * - pipelining (decision 0217): under `batchFlow: "pipelined"` a transport may hand over the next
 *   batch of a partition while this one's write is in flight (depth 2); it commits only after
 *   this one did. A PostgreSQL batch holds its transaction open until its commit, so a pipelined
 *   batch would read before the previous one's writes are visible: refused there.
 */
export interface SinkStrategy {
  /** Whether a key's new messages wait behind its parked one (the gate reads the parked keys) */
  readonly keyOrderKept: boolean;
  /** Batches of one partition a transport may have in progress at once */
  readonly batchDepth: 1 | 2;
}

export function sinkStrategyOf(def: AnyConsumerDefinition, scopeKind: "postgres" | "sink"): SinkStrategy {
  const pipelined = def.ordering?.batchFlow === "pipelined";
  if (pipelined && scopeKind !== "sink")
    throw new Error(`consumer ${def.group}: batchFlow "pipelined" needs a sink scope`);
  return { keyOrderKept: def.ordering?.keyOrder !== "irrelevant", batchDepth: pipelined ? 2 : 1 };
}
