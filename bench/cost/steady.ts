// One steady step of the cost bench (issue #43): createBooking open loop at `rate`/s for
// `seconds`, the CPU of every process of the path read from /proc at the step's start and once
// the step's bookings reached the subscriber and the catalog (or the drain gave up), the share
// delivered within the step + 2 s, and the subscriber's and the catalog card's latencies.
import http from "node:http";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import type { Db } from "../../src/platform/db/prisma-client.js";
import { CREATE_BOOKING } from "../crm/index.js";
import { bookableObjects, seedDeals, watchReserved } from "../peers/end-to-end.js";
import { pause, waitUntil } from "../peers/measure.js";
import { figures } from "../peers/ramp.js";
import { BENCH_JWT_SECRET, postJson } from "../support.js";
import { cpuMsBetween, readCpu } from "./proc-cpu.js";
import type { Topology } from "./topology.js";

const GRACE_MS = 2_000;
const DRAIN_TIMEOUT_MS = 60_000;
/** An open loop's client: enough sockets that a slow answer never holds the next send back */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface StepFigures {
  readonly rate: number;
  readonly seconds: number;
  readonly sent: number;
  readonly failed: number;
  /** fraction of the step's bookings delivered to the subscriber within the step + 2 s */
  readonly completed: number;
  /** fraction delivered to the subscriber when the CPU window closed (< 1: the drain gave up, the CPU of the rest is not counted) */
  readonly drained: number;
  /** CPU ms per booking sent, per process group and "total" */
  readonly cpuMsPerBooking: Map<string, number>;
  readonly subscriber: ReturnType<typeof figures>;
  readonly card: ReturnType<typeof figures>;
}

interface Sample {
  readonly dealId: string;
  readonly objectId: string;
  sentAt: number;
  deliveredAt: number;
}

/** The step's bookings: a fresh deal and a bookable apartment each. */
async function samplesFor(db: Db, n: number): Promise<Sample[]> {
  const objects = (await bookableObjects({ db })).slice(0, n);
  if (objects.length < n) throw new Error(`only ${objects.length} bookable apartments, ${n} needed`);
  const deals = await seedDeals({ db }, n);
  return objects.map((objectId, i) => ({ dealId: deals[i]!, objectId, sentAt: 0, deliveredAt: Number.NaN }));
}

/** When each apartment's card turned Reserved (ms since the epoch). */
async function cardTimes(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<Array<{ id: string; at: Date }>>`
    SELECT id::text AS id, updated_at AS at FROM catalog.property_object_cards
     WHERE id::text = ANY(${ids as string[]}::text[]) AND property_object_status = 'Reserved'`;
  return new Map(rows.map((r) => [r.id, r.at.getTime()]));
}

export async function steadyStep(topology: Topology, rate: number, seconds: number): Promise<StepFigures> {
  const { db, url } = topology;
  const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" });
  const token = await tokens.sign({ userId: DEMO_USERS.agent.userId, roles: ["agent"], tenantId: null });
  const samples = await samplesFor(db, rate * seconds);
  const byObject = new Map(samples.map((s) => [s.objectId, s]));
  const client = createClient({
    url: url.replace(/^http/, "ws"),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
  });
  let delivered = 0;
  const stopWatching = await watchReserved(client, (id) => {
    const sample = byObject.get(id);
    if (sample && Number.isNaN(sample.deliveredAt)) {
      sample.deliveredAt = Date.now();
      delivered += 1;
    }
  });
  try {
    await pause(1_000); // the subscription settles
    const before = await readCpu(topology.groups);
    const started = Date.now();
    const inFlight: Promise<void>[] = [];
    let failed = 0;
    const headers = { authorization: `Bearer ${token}` };
    for (const [i, sample] of samples.entries()) {
      const at = started + (i * 1_000) / rate;
      if (at > Date.now()) await pause(at - Date.now());
      sample.sentAt = Date.now();
      const variables = { d: sample.dealId, p: sample.objectId };
      inFlight.push(
        postJson<{ data?: { createBooking?: { __typename: string } } }>(
          url,
          { query: CREATE_BOOKING, variables },
          headers,
          agent,
        ).then(
          (body) => {
            if (body.data?.createBooking?.__typename !== "MutationCreateBookingSuccess") failed += 1;
          },
          () => {
            failed += 1;
          },
        ),
      );
    }
    const stepEnd = started + seconds * 1_000;
    await Promise.all(inFlight);
    const ids = samples.map((s) => s.objectId);
    await waitUntil(
      "the step's bookings at the subscriber and the catalog",
      async () =>
        delivered >= samples.length - failed && (await cardTimes(db, ids)).size >= samples.length - failed,
      { everyMs: 250, timeoutMs: DRAIN_TIMEOUT_MS },
    ).catch(() => {});
    const after = await readCpu(topology.groups);
    const drained = delivered / samples.length;
    const cards = await cardTimes(db, ids);
    const cpu = cpuMsBetween(before, after);
    const perBooking = new Map([...cpu].map(([name, ms]) => [name, ms / samples.length]));
    perBooking.set("total", [...cpu.values()].reduce((a, b) => a + b, 0) / samples.length);
    const inTime = samples.filter((s) => s.deliveredAt <= stepEnd + GRACE_MS).length;
    return {
      rate,
      seconds,
      sent: samples.length,
      failed,
      completed: inTime / samples.length,
      drained,
      cpuMsPerBooking: perBooking,
      subscriber: figures(samples.map((s) => s.deliveredAt - s.sentAt)),
      card: figures(samples.map((s) => (cards.get(s.objectId) ?? Number.NaN) - s.sentAt)),
    };
  } finally {
    await stopWatching();
    await client.dispose();
  }
}
