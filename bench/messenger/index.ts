// Messenger benchmarks (npm run bench messenger). Real PostgreSQL from .infra/services.env; the
// run creates and drops its own database. Figures go to docs/benchmarks.md ("Messenger"); they
// are reported, never CI gates. Same method as the chessboard's fan-out (bench/chessboard).

import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { createServices } from "../../src/app.js";
import { appendChatMessage } from "../../src/domain/messenger/chat/append-chat-message.js";
import type { ChatMessage } from "../../src/domain/messenger/chat/chat-message.js";
import { openDealChat } from "../../src/domain/messenger/chat/open-deal-chat.js";
import type { ApiDeps } from "../../src/graphql/context.js";
import { CHAT_LIVE_MAX_QUEUE, ChatLiveOverflowError } from "../../src/graphql/live/messenger-live.js";
import { createResumableHub } from "../../src/graphql/live/resumable-hub.js";
import { schema } from "../../src/graphql/schema/index.js";
import { createApiServer } from "../../src/graphql/server.js";
import { DEMO_DEVELOPER_ID, DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { runMigrations } from "../../src/platform/db/migrations/run-migrations.js";
import { createPrismaClient } from "../../src/platform/db/prisma-client.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import {
  allReceived,
  type CountingClient,
  closeAll,
  openBareSubscriber,
  openGraphqlWsSubscriber,
} from "../chessboard/ws-clients.js";
import { BENCH_JWT_SECRET, createBenchDatabase } from "../support.js";
import type { BenchResult } from "../types.js";

const SUBSCRIBERS = Number(process.env.BENCH_CHAT_SUBSCRIBERS ?? 1_000);
const FANOUT_ROUNDS = 30;
const FANOUT_WARMUP = 3;
const FANOUT_TARGET = 0.5;
const BYTES_PER_KIB = 1024;
const BODY = "Договор подписан, ждём оплату до пятницы.";

const SUBSCRIPTION = `subscription($d: ID!, $after: String) { dealChatMessages(dealId: $d, afterMessageId: $after) {
  id dealId kind authorUserId body createdAt card { kind bookingId title apartmentNumber amount deadline } } }`;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const heapBytes = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/**
 * One chat message to 1,000 graphql-ws subscribers of the same deal chat (the real API server,
 * the dealChatMessages subscription with membership checked per subscriber and the selection set
 * executed once per message, decision 0007) vs a bare `ws` server sending the same JSON to 1,000
 * sockets. Time = hub publish → every client has the message. ratio = bare / graphql-ws.
 */
async function chatFanOut(): Promise<BenchResult[]> {
  const database = await createBenchDatabase("bench_chat_fanout");
  const log = createLogger({ level: "warn", pretty: false });
  await runMigrations({ url: database.url, log });
  const db = createPrismaClient({ url: database.url, maxConnections: 20 });
  const dealId = randomUUID();
  const author = DEMO_USERS.investor.userId;
  const meta = { clock: systemClock };
  // A chat with two messages: subscribers resume after the first, so the second one tells each
  // client its subscription is live (the chessboard's snapshot plays that part there).
  const [first, second] = await db.$transaction(async (tx) => {
    await openDealChat(
      tx,
      { dealId, tenantId: DEMO_DEVELOPER_ID, agentUserId: DEMO_USERS.agent.userId, investorUserId: author },
      systemClock.now(),
    );
    const a = await appendChatMessage(tx, dealId, { kind: "Text", authorUserId: author, body: "one" }, meta);
    const b = await appendChatMessage(tx, dealId, { kind: "Text", authorUserId: author, body: "two" }, meta);
    return [a.message!, b.message!];
  });

  const hub = createResumableHub<ChatMessage>({
    maxQueue: CHAT_LIVE_MAX_QUEUE,
    overflowError: () => new ChatLiveOverflowError(),
  });
  const metrics = createMetricsRegistry();
  const deps: ApiDeps = {
    log,
    metrics,
    settings: loadSettings({ NODE_ENV: "test" }),
    services: createServices({ db, clock: systemClock, log, metrics }, { messenger: hub }),
  };
  const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" });
  const api = createApiServer({
    deps,
    schema,
    tokens,
    port: 0,
    host: "127.0.0.1",
    devTokens: false,
    readiness: {},
  });
  const { url } = await api.start();
  const wsUrl = url.replace(/^http/, "ws");
  let nextId = second.id;
  const message = (): ChatMessage => ({
    id: ++nextId,
    dealId,
    kind: "Text",
    authorUserId: author,
    body: BODY,
    card: null,
    createdAt: new Date(),
  });

  const token = await tokens.sign({ userId: DEMO_USERS.agent.userId, roles: ["agent"], tenantId: null });
  const before = heapBytes();
  const graphqlClients: CountingClient[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++)
    graphqlClients.push(
      await openGraphqlWsSubscriber(wsUrl, token, SUBSCRIPTION, { d: dealId, after: first.id.toString() }),
    );
  const graphqlMemory = (heapBytes() - before) / SUBSCRIBERS;
  const graphqlTimes: number[] = [];
  for (let round = 0; round < FANOUT_WARMUP + FANOUT_ROUNDS; round++) {
    const started = performance.now();
    hub.publish(dealId, message());
    await allReceived(graphqlClients, round + 2);
    if (round >= FANOUT_WARMUP) graphqlTimes.push(performance.now() - started);
  }
  const sample = await new Promise<string>((resolve) => {
    graphqlClients[0]!.socket.once("message", (raw) => resolve(String(raw)));
    hub.publish(dealId, message());
  });
  closeAll(graphqlClients);
  await api.stop();

  const server = createServer();
  const wss = new WebSocketServer({ server });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const bareUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bareBefore = heapBytes();
  const bareClients: CountingClient[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) bareClients.push(await openBareSubscriber(bareUrl));
  const bareMemory = (heapBytes() - bareBefore) / SUBSCRIBERS;
  const bareTimes: number[] = [];
  for (let round = 0; round < FANOUT_WARMUP + FANOUT_ROUNDS; round++) {
    const started = performance.now();
    for (const socket of wss.clients) socket.send(sample);
    await allReceived(bareClients, round + 1);
    if (round >= FANOUT_WARMUP) bareTimes.push(performance.now() - started);
  }
  closeAll(bareClients);
  wss.close();
  server.close();
  await db.$disconnect();
  await database.drop();

  const graphqlMs = median(graphqlTimes);
  const bareMs = median(bareTimes);
  const note = `${SUBSCRIBERS} subscribers of one deal chat, median of ${FANOUT_ROUNDS} rounds; clients in the same process`;
  return [
    {
      name: `fan-out of one chat message to ${SUBSCRIBERS} graphql-ws subscribers`,
      value: graphqlMs,
      unit: "ms",
      baseline: bareMs,
      ratio: bareMs / graphqlMs,
      target: FANOUT_TARGET,
      note: `${note}; baseline = bare ws broadcast of the same payload; ratio = bare/graphql-ws`,
    },
    {
      name: "memory per dealChatMessages subscriber (server + client, same process)",
      value: graphqlMemory / BYTES_PER_KIB,
      unit: "KiB",
      baseline: bareMemory / BYTES_PER_KIB,
      note: "heapUsed + external delta / subscribers; baseline = bare ws connection",
    },
  ];
}

export async function runMessengerBenchmarks(): Promise<BenchResult[]> {
  return chatFanOut();
}
