import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { WebSocketServer } from "ws";
import type { ApiDeps } from "../src/graphql/context.js";
import { schema } from "../src/graphql/schema/index.js";
import { createApiServer } from "../src/graphql/server.js";
import type { TokenService } from "../src/platform/auth/jwt.js";
import { readinessEndpoint } from "../src/platform/ops/readiness.js";
import { allReceived, type CountingClient, closeAll, openBareSubscriber } from "./chessboard/ws-clients.js";
import type { BenchResult } from "./types.js";

/**
 * The fan-out benchmarks' common world (chessboard deltas, deal chat messages): the real API
 * server on a loopback port, timed publish rounds to graphql-ws subscribers, and the baseline — a
 * bare `ws` server broadcasting the same serialized message to as many bare clients.
 */

export const FANOUT_ROUNDS = 30;
const FANOUT_WARMUP = 3;
const FANOUT_TARGET = 0.5;
const BYTES_PER_KIB = 1024;

/**
 * A full GC, whatever flags node was started with: `npm run bench` runs through tsx without
 * --expose-gc, and without a collection the heap delta counts the garbage of opening the
 * connections (that is how 112.7 KiB "per subscriber" was reported in round 7 for ~29 KiB live).
 */
const collect: () => void = (() => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

/** heapUsed + external after two full GCs (the second frees what the first one's finalizers released). */
export const heapBytes = () => {
  collect();
  collect();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

export async function startBenchApi(deps: ApiDeps, tokens: TokenService) {
  const api = createApiServer({
    deps,
    schema,
    tokens,
    port: 0,
    host: "127.0.0.1",
    devTokens: false,
    readiness: readinessEndpoint({ checks: () => ({}), optional: () => ({}) }),
    metricsOnOpsListener: false,
  });
  const { url } = await api.start();
  return { api, wsUrl: url.replace(/^http/, "ws") };
}

/**
 * Times `publish` → every client has the message, over warm-up and measured rounds (each client
 * already holds one message: the snapshot, or the message it resumed at). One more publish gives
 * the serialized `next` message the baseline sends.
 */
async function timeGraphqlFanOut(clients: readonly CountingClient[], publish: () => void) {
  const times: number[] = [];
  for (let round = 0; round < FANOUT_WARMUP + FANOUT_ROUNDS; round++) {
    const started = performance.now();
    publish();
    await allReceived(clients, round + 2);
    if (round >= FANOUT_WARMUP) times.push(performance.now() - started);
  }
  const sample = await new Promise<string>((resolve) => {
    clients[0]!.socket.once("message", (raw) => resolve(String(raw)));
    publish();
  });
  return { times, sample };
}

/** Baseline: a bare ws server broadcasting `sample` to `subscribers` bare clients; memory is per client. */
async function timeBareFanOut(sample: string, subscribers: number) {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const bareUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const before = heapBytes();
  const clients: CountingClient[] = [];
  for (let i = 0; i < subscribers; i++) clients.push(await openBareSubscriber(bareUrl));
  const memory = (heapBytes() - before) / subscribers;
  const times: number[] = [];
  for (let round = 0; round < FANOUT_WARMUP + FANOUT_ROUNDS; round++) {
    const started = performance.now();
    for (const socket of wss.clients) socket.send(sample);
    await allReceived(clients, round + 1);
    if (round >= FANOUT_WARMUP) times.push(performance.now() - started);
  }
  closeAll(clients);
  wss.close();
  server.close();
  return { times, memory };
}

/**
 * The whole comparison: opens `subscribers` graphql-ws clients (memory measured around that),
 * times the fan-out of `publish`, closes them and stops the API, then times the bare baseline
 * with the same payload. Times are the measured rounds; memory is bytes per subscriber.
 */
export async function measureFanOut(run: {
  readonly subscribers: number;
  readonly openSubscriber: () => Promise<CountingClient>;
  readonly publish: () => void;
  readonly api: { stop(): Promise<unknown> };
}) {
  const before = heapBytes();
  const clients: CountingClient[] = [];
  for (let i = 0; i < run.subscribers; i++) clients.push(await run.openSubscriber());
  const graphqlMemory = (heapBytes() - before) / run.subscribers;
  const graphql = await timeGraphqlFanOut(clients, run.publish);
  closeAll(clients);
  await run.api.stop();

  const bare = await timeBareFanOut(graphql.sample, run.subscribers);
  return { graphqlTimes: graphql.times, bareTimes: bare.times, graphqlMemory, bareMemory: bare.memory };
}

/** The two figures of a fan-out benchmark: time against the bare baseline, and memory per subscriber. */
export function fanOutResults(figures: {
  readonly timeName: string;
  readonly memoryName: string;
  readonly note: string;
  readonly graphqlMs: number;
  readonly bareMs: number;
  readonly graphqlMemory: number;
  readonly bareMemory: number;
}): BenchResult[] {
  return [
    {
      name: figures.timeName,
      value: figures.graphqlMs,
      unit: "ms",
      baseline: figures.bareMs,
      ratio: figures.bareMs / figures.graphqlMs,
      target: FANOUT_TARGET,
      note: `${figures.note}; baseline = bare ws broadcast of the same payload; ratio = bare/graphql-ws`,
    },
    {
      name: figures.memoryName,
      value: figures.graphqlMemory / BYTES_PER_KIB,
      unit: "KiB",
      baseline: figures.bareMemory / BYTES_PER_KIB,
      note: "heapUsed + external delta / subscribers; baseline = bare ws connection",
    },
  ];
}
