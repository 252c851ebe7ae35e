import type { InboundMessage } from "../wire.js";
import type { BatchOptions, BatchOutcome } from "./message-processor.js";

/** The batch before this one did not commit whole, so this one may not commit: it is read again. */
export class TurnCancelled extends Error {
  constructor() {
    super("an earlier batch of the partition did not commit whole: this batch is rolled back and read again");
    this.name = "TurnCancelled";
  }
}

export interface ChunkOutcome {
  /** The messages of this processor batch, in offset order */
  readonly chunk: readonly InboundMessage[];
  readonly outcome: BatchOutcome;
}

export interface ChunkPipelineOptions {
  /** Most messages per processor batch (the consumer's batch.maxMessages) */
  chunkSize: number;
  /**
   * Processor batches in progress at once: 1 = one after the other; 2 = the next batch is
   * validated and handled while the one before it commits (decision 0217). Commits stay in offset
   * order: a batch commits only after the one before it committed whole.
   */
  depth: number;
  heartbeat?: () => Promise<void>;
  /** Checked before each batch is started (graceful stop, partition revoked) */
  isRunning?: () => boolean;
  /**
   * Called once per batch, in offset order, when it has ended; returns whether to go on. After a
   * false (or a throw) the batches already started are waited for: their turn is refused, so they
   * roll back and nothing of them is acted on (one that already passed its turn before a throw
   * stays written, without its offset: it is read again, which a sink consumer absorbs).
   */
  onOutcome(done: ChunkOutcome): Promise<boolean>;
}

export interface BatchProcessing {
  processBatch(messages: readonly InboundMessage[], opts?: BatchOptions): Promise<BatchOutcome>;
}

const committedWhole = (outcome: BatchOutcome, size: number) =>
  outcome.kind === "done" && outcome.results.length === size;

/**
 * One fetched run of a partition's messages through the processor in batches of `chunkSize`,
 * with up to `depth` batches in progress. A batch is started once the one before it has reached
 * its commit (its write is in flight), so the CPU of batch n+1 (envelope, contract, handler, rows)
 * overlaps batch n's write instead of delaying it; batch n+1 then waits for its own turn right
 * before its commit (`awaitTurn`), which is refused unless batch n committed whole. Offsets are
 * the caller's, in `onOutcome`, one batch after the other.
 */
export async function processInChunks(
  processor: BatchProcessing,
  messages: readonly InboundMessage[],
  opts: ChunkPipelineOptions,
): Promise<void> {
  const depth = Math.max(1, Math.floor(opts.depth));
  interface Run {
    readonly chunk: readonly InboundMessage[];
    outcome: Promise<BatchOutcome>;
    /** it has reached its commit: the next batch may start */
    atTurn: boolean;
  }
  const inFlight: Run[] = [];
  let last: Run | null = null;
  let from = 0;
  let stopped = false;

  const canStart = () =>
    !stopped &&
    from < messages.length &&
    inFlight.length < depth &&
    (inFlight.length === 0 || (inFlight.at(-1) as Run).atTurn) &&
    (opts.isRunning?.() ?? true);

  const start = () => {
    const chunk = messages.slice(from, from + opts.chunkSize);
    from += chunk.length;
    const before = last;
    const run: Run = { chunk, atTurn: false, outcome: Promise.resolve({ kind: "done", results: [] }) };
    run.outcome = processor.processBatch(chunk, {
      ...(opts.heartbeat ? { heartbeat: opts.heartbeat } : {}),
      ...(opts.isRunning ? { isRunning: opts.isRunning } : {}),
      awaitTurn: async () => {
        run.atTurn = true;
        // After this batch's commit has gone out (setImmediate runs once the microtasks that
        // issue the write are done), not before: the next batch must not delay this write.
        if (depth > 1) setImmediate(startMore);
        if (before && !committedWhole(await before.outcome, before.chunk.length)) throw new TurnCancelled();
        if (stopped) throw new TurnCancelled();
      },
    });
    last = run;
    inFlight.push(run);
  };
  const startMore = () => {
    while (canStart()) start();
  };

  try {
    startMore();
    while (inFlight.length > 0) {
      const head = inFlight[0] as Run;
      const outcome = await head.outcome;
      inFlight.shift();
      if (!(await opts.onOutcome({ chunk: head.chunk, outcome }))) break;
      // The batch that was waiting for this one commits in the next microtasks: let its write go
      // out first (as above); with nothing in progress there is nothing to wait for.
      if (inFlight.length === 0) startMore();
      else if (depth > 1) setImmediate(startMore);
    }
  } finally {
    // Stopped or thrown: whatever is still in progress is refused its turn; wait for it to roll back.
    stopped = true;
    await Promise.allSettled(inFlight.map((r) => r.outcome));
  }
}
