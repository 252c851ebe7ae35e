class TurnCancelled extends Error {
  constructor() {
    super("an earlier batch of the partition did not commit whole: this batch is rolled back and read again");
    this.name = "TurnCancelled";
  }
}
const committedWhole = (outcome, size) => outcome.kind === "done" && outcome.results.length === size;
async function processInChunks(processor, messages, opts) {
  const depth = Math.max(1, Math.floor(opts.depth));
  const inFlight = [];
  let last = null;
  let from = 0;
  let stopped = false;
  const canStart = () => !stopped && from < messages.length && inFlight.length < depth && (inFlight.length === 0 || inFlight.at(-1).atTurn) && (opts.isRunning?.() ?? true);
  const start = () => {
    const chunk = messages.slice(from, from + opts.chunkSize);
    from += chunk.length;
    const before = last;
    const run = { chunk, atTurn: false, outcome: Promise.resolve({ kind: "done", results: [] }) };
    run.outcome = processor.processBatch(chunk, {
      ...opts.heartbeat ? { heartbeat: opts.heartbeat } : {},
      ...opts.isRunning ? { isRunning: opts.isRunning } : {},
      awaitTurn: async () => {
        run.atTurn = true;
        if (depth > 1) setImmediate(startMore);
        if (before && !committedWhole(await before.outcome, before.chunk.length)) throw new TurnCancelled();
        if (stopped) throw new TurnCancelled();
      }
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
      const head = inFlight[0];
      const outcome = await head.outcome;
      inFlight.shift();
      if (!await opts.onOutcome({ chunk: head.chunk, outcome })) break;
      if (inFlight.length === 0) startMore();
      else if (depth > 1) setImmediate(startMore);
    }
  } finally {
    stopped = true;
    await Promise.allSettled(inFlight.map((r) => r.outcome));
  }
}
export {
  TurnCancelled,
  processInChunks
};
//# sourceMappingURL=batch-pipeline.js.map
