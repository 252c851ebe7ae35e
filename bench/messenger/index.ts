// Messenger benchmarks (npm run bench messenger). Real PostgreSQL from .infra/services.env; the
// run creates and drops its own database. Figures go to docs/engineering/benchmarks.md ("Messenger"); they
// are reported, never CI gates. Same method as the chessboard's fan-out (bench/chessboard).

import { randomUUID } from "node:crypto";
import { createServices, liveAndLimits } from "../../src/app.js";
import { appendChatMessage } from "../../src/domain/messenger/chat/append-chat-message.js";
import type { ChatMessage } from "../../src/domain/messenger/chat/chat-message.js";
import { openDealChatReadingApartment } from "../../src/domain/messenger/chat/open-deal-chat.js";
import type { ApiDeps } from "../../src/graphql/context.js";
import { CHAT_LIVE_MAX_QUEUE, ChatLiveOverflowError } from "../../src/graphql/live/messenger-live.js";
import { createResumableHub } from "../../src/graphql/live/resumable-hub.js";
import { DEMO_DEVELOPER_ID, DEMO_USERS } from "../../src/platform/auth/demo-users.js";
import { createTokenService } from "../../src/platform/auth/jwt.js";
import { systemClock } from "../../src/platform/clock/clock.js";
import { loadSettings } from "../../src/platform/config/settings.js";
import { runMigrations } from "../../src/platform/db/migrations/run-migrations.js";
import { createPrismaClient } from "../../src/platform/db/prisma-client.js";
import { createLogger } from "../../src/platform/log/logger.js";
import { createMetricsRegistry } from "../../src/platform/metrics/registry.js";
import { openGraphqlWsSubscriber } from "../chessboard/ws-clients.js";
import { FANOUT_ROUNDS, fanOutResults, measureFanOut, startBenchApi } from "../fan-out.js";
import { BENCH_API_ENV, BENCH_JWT_SECRET, createBenchDatabase } from "../support.js";
import type { BenchResult } from "../types.js";

const SUBSCRIBERS = Number(process.env.BENCH_CHAT_SUBSCRIBERS ?? 1_000);
const BODY = "Договор подписан, ждём оплату до пятницы.";

const SUBSCRIPTION = `subscription($d: ID!, $after: String) { dealChatMessages(dealId: $d, afterMessageId: $after) {
  id dealId kind authorUserId body createdAt card { kind bookingId title apartmentNumber amount deadline } } }`;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
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
    await openDealChatReadingApartment(
      tx,
      { dealId, tenantId: DEMO_DEVELOPER_ID, agentUserId: DEMO_USERS.agent.userId, investorUserId: author },
      randomUUID(),
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
    // One bench user holds every subscriber: the per-user graphql-ws and rate limits are raised to fit.
    settings: loadSettings({
      NODE_ENV: "test",
      ...BENCH_API_ENV,
      PIN_WS_MAX_CONNECTIONS_PER_USER: String(SUBSCRIBERS + 10),
      PIN_WS_MAX_SUBSCRIPTIONS_PER_USER: String(SUBSCRIBERS + 10),
    }),
    services: createServices({ db, clock: systemClock, log, metrics }),
    ...liveAndLimits({ messenger: hub }),
  };
  const tokens = createTokenService({ secret: BENCH_JWT_SECRET, issuer: "pin-platform" });
  const { api, wsUrl } = await startBenchApi(deps, tokens);
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
  const measured = await measureFanOut({
    subscribers: SUBSCRIBERS,
    openSubscriber: () =>
      openGraphqlWsSubscriber(wsUrl, token, SUBSCRIPTION, { d: dealId, after: first.id.toString() }),
    publish: () => hub.publish(dealId, message()),
    api,
  });
  await db.$disconnect();
  await database.drop();

  return fanOutResults({
    timeName: `fan-out of one chat message to ${SUBSCRIBERS} graphql-ws subscribers`,
    memoryName: "memory per dealChatMessages subscriber (server + client, same process)",
    note: `${SUBSCRIBERS} subscribers of one deal chat, median of ${FANOUT_ROUNDS} rounds; clients in the same process`,
    graphqlMs: median(measured.graphqlTimes),
    bareMs: median(measured.bareTimes),
    graphqlMemory: measured.graphqlMemory,
    bareMemory: measured.bareMemory,
  });
}

export async function runMessengerBenchmarks(): Promise<BenchResult[]> {
  return chatFanOut();
}
