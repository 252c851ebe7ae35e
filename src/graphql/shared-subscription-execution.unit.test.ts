import { createRequire } from "node:module";
import { createYoga } from "graphql-yoga";
import { describe, expect, it, vi } from "vitest";
import { SHARED_EXECUTION, useSharedSubscriptionExecution } from "./shared-subscription-execution.js";

// The CommonJS graphql the plugin executes with (see the plugin's note on realms).
const g = createRequire(import.meta.url)("graphql") as typeof import("graphql");

/** A schema whose shared `ticks` field streams what `source` yields. */
function world(source: () => AsyncIterator<unknown>) {
  const schema = new g.GraphQLSchema({
    query: new g.GraphQLObjectType({ name: "Query", fields: { x: { type: g.GraphQLInt } } }),
    subscription: new g.GraphQLObjectType({
      name: "Subscription",
      fields: {
        ticks: {
          type: g.GraphQLInt,
          extensions: { [SHARED_EXECUTION]: true },
          subscribe: () => ({ [Symbol.asyncIterator]: source }),
          resolve: (event: { n: number }) => event.n,
        },
      },
    }),
  });
  const yoga = createYoga({ schema, maskedErrors: false, plugins: [useSharedSubscriptionExecution()] });
  const run = async () => {
    const { subscribe, contextFactory } = yoga.getEnveloped({});
    const result = await subscribe({
      schema,
      document: g.parse("subscription { ticks }"),
      contextValue: await contextFactory(),
    });
    return (result as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  };
  return { run };
}

describe("shared execution's per-subscriber stream (SharedEvents)", () => {
  it("one event object executes once for every subscriber of the document; a failing source ends as one GraphQLError, returned", async () => {
    const event = { n: 7 };
    const returned = vi.fn(async () => ({ value: undefined, done: true as const }));
    const source = (): AsyncIterator<unknown> => {
      let pulls = 0;
      return {
        next: async () => {
          pulls += 1;
          if (pulls === 1) return { value: event, done: false };
          throw new Error("the hub broke");
        },
        return: returned,
      };
    };
    const { run } = world(source);
    const a = await run();
    const b = await run();
    const first = await a.next();
    const second = await b.next();
    expect(first).toEqual({ value: { data: { ticks: 7 } }, done: false });
    expect(second.value).toBe(first.value);
    await expect(a.next()).rejects.toThrow("the hub broke");
    expect(returned).toHaveBeenCalledTimes(1);
    // the same failure answers every later pull
    await expect(a.next()).rejects.toThrow("the hub broke");
    expect(returned).toHaveBeenCalledTimes(1);
  });

  it("return() returns the source and ends the stream", async () => {
    const returned = vi.fn(async () => ({ value: undefined, done: true as const }));
    const { run } = world(() => ({ next: () => new Promise<never>(() => {}), return: returned }));
    const it = await run();
    expect(await it.return?.()).toEqual({ value: undefined, done: true });
    expect(returned).toHaveBeenCalled();
  });
});
