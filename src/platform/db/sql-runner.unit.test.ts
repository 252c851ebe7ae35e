import pg from "pg";
import { describe, expect, it } from "vitest";
import { openingRunner } from "./sql-runner.js";

/** A pg client that records what it is sent and answers like the simple/extended protocol would. */
function recordingClient() {
  const sent: Array<{ text: string; values?: unknown[] }> = [];
  const real = new pg.Client();
  const client = {
    escapeLiteral: (s: string) => real.escapeLiteral(s),
    async query(text: string, values?: unknown[]) {
      sent.push({ text, ...(values ? { values } : {}) });
      const result = { rows: [{ n: sent.length }], rowCount: 1 };
      // a simple-protocol message with two statements answers with two results
      return text.startsWith("BEGIN; ") ? [{ rows: [], rowCount: null }, result] : result;
    },
  };
  return { client: client as unknown as pg.ClientBase, sent };
}

describe("openingRunner: BEGIN rides on the first statement (decision 0505)", () => {
  it("sends BEGIN with the first statement, its parameters as literals; later ones as parameters", async () => {
    const { client, sent } = recordingClient();
    const tx = openingRunner(client);
    expect(tx.begun).toBe(false);
    const rows = await tx.runner.rows<{ n: number }>("SELECT $1::bytea, $2::int, $3, $4, $5", [
      Buffer.from([0xab, 0x01]),
      500,
      "it's a group",
      new Date("2026-12-03T12:00:00.000Z"),
      null,
    ]);
    expect(rows).toEqual([{ n: 1 }]);
    expect(sent[0]?.text).toBe(
      "BEGIN; SELECT '\\xab01'::bytea::bytea, 500::int, 'it''s a group', '2026-12-03T12:00:00.000Z'::timestamptz, NULL",
    );
    expect(sent[0]?.values).toBeUndefined();
    expect(tx.begun).toBe(true);
    await tx.runner.execute("DELETE FROM t WHERE k = $1", ["x"]);
    expect(sent[1]).toEqual({ text: "DELETE FROM t WHERE k = $1", values: ["x"] });
    await tx.begin();
    expect(sent).toHaveLength(2);
  });

  it("a value it cannot write as a literal is refused, not sent", async () => {
    const { client, sent } = recordingClient();
    const tx = openingRunner(client);
    await expect(tx.runner.rows("SELECT $1", [{ not: "a literal" }])).rejects.toThrow(/no SQL literal/);
    expect(sent).toHaveLength(0);
    // nothing was sent, so the transaction is still to be opened by the next statement
    expect(tx.begun).toBe(false);
  });

  it("begin() sends a plain BEGIN when something else must go first", async () => {
    const { client, sent } = recordingClient();
    const tx = openingRunner(client);
    await tx.begin();
    await tx.runner.rows("SELECT $1::int", [1]);
    expect(sent.map((s) => s.text)).toEqual(["BEGIN", "SELECT $1::int"]);
  });
});
