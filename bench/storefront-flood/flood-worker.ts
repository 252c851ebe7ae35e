// The flood's callers in a worker thread (their own event loop and core): the bystander's figures
// are then the server's, not the load generator's (the bench runs in the server's process).
import { parentPort, workerData } from "node:worker_threads";
import { FLOOD_QUERIES, floodClient } from "./flood-client.js";

const { url, token, ms } = workerData as { url: string; token: string; ms: number };
const client = floodClient(url);
const end = Date.now() + ms;
const over = () => Date.now() >= end;

async function hammer(
  workers: number,
  next: (i: number) => { body: unknown; address?: string; token?: string },
) {
  let i = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!over()) {
        const r = next(i++);
        await client.post(r.body, r);
      }
    }),
  );
}

const heavy = Object.values(FLOOD_QUERIES.heavy());
await Promise.all([
  // the anonymous 15-alias facet flood, 4 at a time from one address
  hammer(4, () => ({ body: FLOOD_QUERIES.aliasedFacets(15), address: "10.9.0.1" })),
  // the agent: 4 heavy requests in flight
  hammer(4, (i) => ({ body: heavy[i % heavy.length]!(i), token })),
  // three more anonymous addresses, facets with q
  ...[2, 3, 4].map((a) =>
    hammer(2, (i) => ({ body: FLOOD_QUERIES.heavy()["catalogFilters(q)"]!(i), address: `10.9.0.${a}` })),
  ),
]);
parentPort?.postMessage(Object.fromEntries(client.answers));
