// Where a catalog sync batch's time goes (CATALOG_BENCH_PROFILE=1 npm run bench catalog): every
// statement the process sends to PostgreSQL is timed by its first words (the time until its
// result arrives, so it includes the round trip), summed per statement kind; the rest of a batch is
// JavaScript (gate, decoding, decisions, Prisma's query path). A diagnostic: never a CI gate.
import pg from "pg";

interface Tally {
  count: number;
  ms: number;
}
const tallies = new Map<string, Tally>();
let installed = false;

function labelOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.slice(0, 90);
}

/** Wraps pg.Client#query once: each statement's time to its result, summed by its first words. */
export function installStatementProfile(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "?");
    const started = performance.now();
    const out = original.apply(this, args);
    if (out && typeof (out as Promise<unknown>).then === "function") {
      const done = () => {
        const label = labelOf(text);
        const t = tallies.get(label) ?? { count: 0, ms: 0 };
        t.count += 1;
        t.ms += performance.now() - started;
        tallies.set(label, t);
      };
      (out as Promise<unknown>).then(done, done);
    }
    return out;
  };
}

/** The tallies since the last call (then cleared), largest first. */
export function takeStatementProfile(): Array<{ statement: string; count: number; ms: number }> {
  const rows = [...tallies.entries()]
    .map(([statement, t]) => ({ statement, count: t.count, ms: Number(t.ms.toFixed(1)) }))
    .sort((a, b) => b.ms - a.ms);
  tallies.clear();
  return rows;
}
