import { describe, expect, it } from "vitest";
import type { InboundMessage } from "../wire.js";
import { type BatchProcessing, processInChunks, TurnCancelled } from "./batch-pipeline.js";
import type { BatchOptions, BatchOutcome } from "./message-processor.js";

const messages = (n: number): InboundMessage[] =>
  Array.from({ length: n }, (_, i) => ({
    topic: "t",
    partition: 0,
    offset: String(i),
    key: `k${i}`,
    value: "{}",
    headers: {},
  }));

/**
 * A processor stand-in with the real one's shape of a batch: prepare (a tick), wait for the turn,
 * commit (a timer). `fail` names batches (by first offset) whose commit fails.
 */
function fakeProcessor(fail: Set<string> = new Set()) {
  const log: string[] = [];
  const processor: BatchProcessing = {
    async processBatch(batch: readonly InboundMessage[], opts: BatchOptions = {}): Promise<BatchOutcome> {
      const id = batch[0]?.offset ?? "?";
      log.push(`prepare ${id}`);
      await new Promise((r) => setImmediate(r));
      try {
        await opts.awaitTurn?.();
      } catch (error) {
        log.push(`refused ${id}`);
        return { kind: "infrastructure", error };
      }
      log.push(`commit ${id}`);
      await new Promise((r) => setTimeout(r, 5));
      if (fail.has(id)) {
        log.push(`failed ${id}`);
        return { kind: "infrastructure", error: new Error("insert failed") };
      }
      log.push(`done ${id}`);
      return { kind: "done", results: batch.map(() => "applied") };
    },
  };
  return { processor, log };
}

describe("processInChunks (decision 0217)", () => {
  it("depth 2: the next batch is prepared while the one before it commits; commits and outcomes stay in order", async () => {
    const { processor, log } = fakeProcessor();
    const seen: string[] = [];
    await processInChunks(processor, messages(12), {
      chunkSize: 4,
      depth: 2,
      onOutcome: async ({ chunk, outcome }) => {
        seen.push(`${chunk[0]?.offset}:${outcome.kind}`);
        return true;
      },
    });
    expect(seen).toEqual(["0:done", "4:done", "8:done"]);
    // batch 4 is prepared after batch 0 reached its commit and before batch 0 is done
    expect(log.indexOf("prepare 4")).toBeGreaterThan(log.indexOf("commit 0"));
    expect(log.indexOf("prepare 4")).toBeLessThan(log.indexOf("done 0"));
    // and commits only after batch 0 is done
    expect(log.indexOf("commit 4")).toBeGreaterThan(log.indexOf("done 0"));
    expect(log.filter((l) => l.startsWith("commit"))).toEqual(["commit 0", "commit 4", "commit 8"]);
  });

  it("depth 1: one batch after the other", async () => {
    const { processor, log } = fakeProcessor();
    await processInChunks(processor, messages(8), { chunkSize: 4, depth: 1, onOutcome: async () => true });
    expect(log).toEqual(["prepare 0", "commit 0", "done 0", "prepare 4", "commit 4", "done 4"]);
  });

  it("a failed batch: the batch prepared behind it is refused its turn and never reported; nothing after it starts", async () => {
    const { processor, log } = fakeProcessor(new Set(["4"]));
    const seen: string[] = [];
    await processInChunks(processor, messages(16), {
      chunkSize: 4,
      depth: 2,
      onOutcome: async ({ chunk, outcome }) => {
        seen.push(`${chunk[0]?.offset}:${outcome.kind}`);
        return outcome.kind === "done";
      },
    });
    expect(seen).toEqual(["0:done", "4:infrastructure"]);
    expect(log).toContain("refused 8");
    expect(log).not.toContain("commit 8");
    expect(log.some((l) => l.endsWith(" 12"))).toBe(false);
  });

  it("a batch that committed only part of its messages counts as not whole: the next is refused", async () => {
    const log: string[] = [];
    const processor: BatchProcessing = {
      async processBatch(batch, opts = {}) {
        try {
          await opts.awaitTurn?.();
        } catch (error) {
          log.push(`refused ${batch[0]?.offset}`);
          expect(error).toBeInstanceOf(TurnCancelled);
          return { kind: "infrastructure", error };
        }
        await new Promise((r) => setTimeout(r, 5));
        return { kind: "done", results: batch.slice(0, 2).map(() => "applied") };
      },
    };
    const seen: number[] = [];
    await processInChunks(processor, messages(8), {
      chunkSize: 4,
      depth: 2,
      onOutcome: async ({ outcome }) => {
        seen.push(outcome.kind === "done" ? outcome.results.length : -1);
        return false;
      },
    });
    expect(seen).toEqual([2]);
    expect(log).toEqual(["refused 4"]);
  });
});

describe("processInChunks (decision 0217): a throw, a stop", () => {
  it("a throwing onOutcome: every batch in progress has settled before the error reaches the caller", async () => {
    const { processor, log } = fakeProcessor();
    await expect(
      processInChunks(processor, messages(12), {
        chunkSize: 4,
        depth: 2,
        onOutcome: async () => {
          throw new Error("heartbeat failed");
        },
      }),
    ).rejects.toThrow("heartbeat failed");
    const settledAfter = [...log];
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(settledAfter); // nothing still running
    expect(log.some((l) => l.endsWith(" 8"))).toBe(false);
  });

  it("isRunning false: no further batch is started", async () => {
    const { processor, log } = fakeProcessor();
    let running = true;
    await processInChunks(processor, messages(12), {
      chunkSize: 4,
      depth: 2,
      isRunning: () => running,
      onOutcome: async () => {
        running = false;
        return true;
      },
    });
    expect(log.some((l) => l.endsWith(" 8"))).toBe(false);
  });
});
