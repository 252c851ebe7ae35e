import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_DEVELOPER_ID, DEMO_SECOND_DEVELOPER_ID } from "../../../src/platform/auth/demo-users.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import type { BookingRef } from "../chessboard/chessboard-fixtures.js";
import { crm } from "../chessboard/chessboard-fixtures.js";
import { publishCrmEvent, subscribeField } from "./live-client.js";
import { createdWithParties } from "./messenger-fixtures.js";

interface Msg {
  id: string;
  kind: string;
  body: string | null;
  authorUserId: string | null;
  card: { kind: string; bookingId: string; deadline: string | null } | null;
}
const MESSAGE_FIELDS = "id kind body authorUserId card { kind bookingId deadline }";
const DEAL_CHAT = `query($d: ID!, $last: Int, $before: String) { dealChat(dealId: $d, last: $last, before: $before) {
  __typename ... on Error { code }
  ... on QueryDealChatSuccess { data { hasOlder messages { ${MESSAGE_FIELDS} } readState { unreadCount lastReadMessageId } } } } }`;
const POST = `mutation($d: ID!, $t: String!) { postDealMessage(dealId: $d, text: $t) {
  __typename ... on Error { code } ... on MutationPostDealMessageSuccess { data { ${MESSAGE_FIELDS} } } } }`;
const MARK_READ = `mutation($d: ID!, $up: String) { markDealChatRead(dealId: $d, upToMessageId: $up) {
  __typename ... on Error { code } ... on MutationMarkDealChatReadSuccess { data { unreadCount lastReadMessageId } } } }`;
const UNREAD = `query($ids: [ID!]!) { dealChatUnreadCounts(dealIds: $ids) { dealId unreadCount } }`;
const LIVE = `subscription($d: ID!, $after: String) { dealChatMessages(dealId: $d, afterMessageId: $after) { ${MESSAGE_FIELDS} } }`;

describeWithService("postgres", "deal chat over GraphQL: members, pages, unread, live with resume", () => {
  let t: TestApp;
  let second: TestApp;
  const clock = new ManualClock(new Date());
  const b: BookingRef = {
    bookingId: randomUUID(),
    dealId: randomUUID(),
    propertyObjectId: randomUUID(),
    tenantId: DEMO_DEVELOPER_ID,
  };
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ clock, env: { LOG_LEVEL: "error" } });
    // A second API instance on the same database: subscribers there get messages posted on the first.
    second = await startTestApp({ clock, databaseUrl: t.app.databaseUrl, roles: ["api"] });
    tokens.agent = await t.tokenFor("agent");
    tokens.investor = await t.tokenFor("investor");
    tokens.manager = await t.tokenFor("developer_manager");
    tokens.pin = await t.tokenFor("pin_manager");
    tokens.otherAgent = await t.tokenFor("agent", { userId: randomUUID() });
    tokens.otherInvestor = await t.tokenFor("investor", { userId: randomUUID() });
    tokens.otherDeveloper = await t.tokenFor("developer_manager", {
      userId: randomUUID(),
      tenantId: DEMO_SECOND_DEVELOPER_ID,
    });
    await publishCrmEvent(t.db, clock, TOPIC.bookingCreated, createdWithParties(b, clock.now()));
    await eventually(() => t.db.messengerMessage.count({ where: { dealId: b.dealId } }), {
      until: (n) => n > 0,
      what: "the booking card",
    });
  });
  afterAll(async () => {
    await second?.stop();
    await t?.stop();
  });

  const chat = async (token: string, vars: Record<string, unknown> = {}) =>
    (
      await t.graphql<{
        dealChat: {
          __typename: string;
          code?: string;
          data?: {
            hasOlder: boolean;
            messages: Msg[];
            readState: { unreadCount: number; lastReadMessageId: string | null };
          };
        };
      }>(DEAL_CHAT, { d: b.dealId, ...vars }, token)
    ).data!.dealChat;
  const post = async (token: string, text: string, dealId = b.dealId) =>
    (
      await t.graphql<{ postDealMessage: { __typename: string; code?: string; data?: Msg } }>(
        POST,
        { d: dealId, t: text },
        token,
      )
    ).data!.postDealMessage;

  describe("only members read or post; others get NOT_FOUND", () => {
    it.each(["agent", "investor", "manager", "pin"])(
      "%s reads the chat with its booking card",
      async (who) => {
        const page = await chat(tokens[who]!);
        expect(page.data?.messages[0]?.card).toMatchObject({
          kind: "BookingCreated",
          bookingId: b.bookingId,
        });
      },
    );

    it.each(["otherAgent", "otherInvestor", "otherDeveloper"])(
      "isolation: %s (a participant of another deal or developer) gets MESSENGER_CHAT_NOT_FOUND for read, post, mark and subscribe",
      async (who) => {
        const token = tokens[who]!;
        expect(await chat(token)).toMatchObject({
          __typename: "NotFoundError",
          code: "MESSENGER_CHAT_NOT_FOUND",
        });
        expect(await post(token, "hello")).toMatchObject({ code: "MESSENGER_CHAT_NOT_FOUND" });
        const mark = await t.graphql<{ markDealChatRead: { code?: string } }>(
          MARK_READ,
          { d: b.dealId },
          token,
        );
        expect(mark.data?.markDealChatRead.code).toBe("MESSENGER_CHAT_NOT_FOUND");
        const unread = await t.graphql<{ dealChatUnreadCounts: unknown[] }>(
          UNREAD,
          { ids: [b.dealId] },
          token,
        );
        expect(unread.data?.dealChatUnreadCounts).toEqual([]);
        const live = subscribeField<Msg>(t.wsClient(token), "dealChatMessages", LIVE, { d: b.dealId });
        await expect(live.next()).rejects.toMatchObject({
          errors: [
            expect.objectContaining({
              extensions: expect.objectContaining({ code: "MESSENGER_CHAT_NOT_FOUND" }),
            }),
          ],
        });
      },
    );

    it("a deal without a chat is NOT_FOUND too (no existence leak)", async () => {
      expect(await chat(tokens.pin!, { d: randomUUID() })).toMatchObject({
        code: "MESSENGER_CHAT_NOT_FOUND",
      });
    });
  });

  it("hostile input: ids validated, text bounded", async () => {
    // A deal id is a GraphQL ID, which the API validates as a UUID before any resolver runs.
    const notUuid = await t.graphql<{ dealChat: unknown }>(DEAL_CHAT, { d: "not-a-uuid" }, tokens.agent!);
    expect(notUuid.data ?? null).toBeNull();
    expect(notUuid.errors?.[0]?.extensions?.code).toBe("INVALID_ID");
    expect(await chat(tokens.agent!, { before: "1; DROP TABLE" })).toMatchObject({
      code: "MESSENGER_INVALID_ID",
    });
    expect(await chat(tokens.agent!, { last: 1000 })).toMatchObject({ code: "MESSENGER_INVALID_PAGE" });
    expect(await post(tokens.agent!, "x".repeat(4001))).toMatchObject({ code: "MESSENGER_MESSAGE_TOO_LONG" });
    expect(await post(tokens.agent!, "   ")).toMatchObject({ code: "MESSENGER_MESSAGE_EMPTY" });
    const tooMany = await t.graphql<{ dealChatUnreadCounts: unknown }>(
      UNREAD,
      { ids: Array.from({ length: 101 }, () => randomUUID()) },
      tokens.agent,
    );
    expect(tooMany.errors?.[0]?.extensions?.code).toBe("MESSENGER_INVALID_PAGE");
  });

  it("postDealMessage, unread counts per deal, markDealChatRead and keyset pages (last, before)", async () => {
    for (const text of ["one", "two", "three"])
      expect((await post(tokens.investor!, text)).data?.body).toBe(text);
    const agentView = await chat(tokens.agent!);
    // the card + three messages by the investor
    expect(agentView.data?.readState.unreadCount).toBe(4);
    expect((await chat(tokens.investor!)).data?.readState.unreadCount).toBe(1);
    const counts = await t.graphql<{ dealChatUnreadCounts: Array<{ dealId: string; unreadCount: number }> }>(
      UNREAD,
      { ids: [b.dealId, randomUUID()] },
      tokens.agent,
    );
    expect(counts.data?.dealChatUnreadCounts).toEqual([{ dealId: b.dealId, unreadCount: 4 }]);

    const messages = agentView.data!.messages;
    const mark = await t.graphql<{
      markDealChatRead: { data: { unreadCount: number; lastReadMessageId: string } };
    }>(MARK_READ, { d: b.dealId, up: messages[1]!.id }, tokens.agent);
    expect(mark.data?.markDealChatRead.data).toEqual({ unreadCount: 2, lastReadMessageId: messages[1]!.id });
    // never moves back
    await t.graphql(MARK_READ, { d: b.dealId, up: messages[0]!.id }, tokens.agent);
    await t.graphql(MARK_READ, { d: b.dealId }, tokens.agent);
    expect((await chat(tokens.agent!)).data?.readState.unreadCount).toBe(0);

    const newest = await chat(tokens.agent!, { last: 2 });
    expect(newest.data?.messages.map((m) => m.body)).toEqual(["two", "three"]);
    expect(newest.data?.hasOlder).toBe(true);
    const older = await chat(tokens.agent!, { last: 2, before: newest.data!.messages[0]!.id });
    expect(older.data?.messages.map((m) => m.body ?? m.card?.kind)).toEqual(["BookingCreated", "one"]);
    expect(older.data?.hasOlder).toBe(false);
  });

  /** The newest message id now: subscriptions resume after it, so nothing posted later can slip by. */
  const newestId = async () => (await chat(tokens.agent!, { last: 1 })).data!.messages[0]!.id;

  it("dealChatMessages: live messages reach subscribers on every API instance (graphql-ws)", async () => {
    const after = await newestId();
    const here = subscribeField<Msg>(t.wsClient(tokens.agent!), "dealChatMessages", LIVE, {
      d: b.dealId,
      after,
    });
    const there = subscribeField<Msg>(second.wsClient(tokens.manager!), "dealChatMessages", LIVE, {
      d: b.dealId,
      after,
    });
    const first = await post(tokens.investor!, "first");
    expect((await here.next()).id).toBe(first.data!.id);
    expect((await there.next()).id).toBe(first.data!.id);
    // Both subscriptions are surely registered now: this one can only arrive through the broadcast.
    const sent = await post(tokens.investor!, "live on both instances");
    const [a, c] = await Promise.all([here.next(), there.next()]);
    expect(a).toMatchObject({ id: sent.data!.id, body: "live on both instances" });
    expect(c).toMatchObject({ id: sent.data!.id });
    await here.close();
    await there.close();
  });

  it("reconnect resume: afterMessageId replays what was missed, then live messages, nothing lost or doubled", async () => {
    const first = subscribeField<Msg>(t.wsClient(tokens.agent!), "dealChatMessages", LIVE, {
      d: b.dealId,
      after: await newestId(),
    });
    const seen = await post(tokens.investor!, "before the drop");
    expect((await first.next()).id).toBe(seen.data!.id);
    await first.close(); // the connection drops
    const missed1 = await post(tokens.investor!, "missed 1");
    const missed2 = await post(tokens.manager!, "missed 2");
    const resumed = subscribeField<Msg>(second.wsClient(tokens.agent!), "dealChatMessages", LIVE, {
      d: b.dealId,
      after: seen.data!.id,
    });
    expect(await resumed.next()).toMatchObject({ id: missed1.data!.id, body: "missed 1" });
    expect(await resumed.next()).toMatchObject({ id: missed2.data!.id, body: "missed 2" });
    const live = await post(tokens.investor!, "after the reconnect");
    expect(await resumed.next()).toMatchObject({ id: live.data!.id, body: "after the reconnect" });
    await resumed.close();
  });

  it("the same subscription over SSE", async () => {
    const controller = new AbortController();
    const since = await newestId();
    await post(tokens.investor!, "for SSE");
    const response = await fetch(t.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        authorization: `Bearer ${tokens.agent}`,
      },
      body: JSON.stringify({ query: LIVE, variables: { d: b.dealId, after: since } }),
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    let text = "";
    while (!/data: .*\n/.test(text)) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    controller.abort();
    const data = JSON.parse(/data: (.*)\n/.exec(text)![1]!) as { data: { dealChatMessages: Msg } };
    expect(data.data.dealChatMessages.body).toBe("for SSE");
  });

  it("the chat and its card reflect later saga transitions (expired → «confirm the booking»)", async () => {
    const live = subscribeField<Msg>(t.wsClient(tokens.agent!), "dealChatMessages", LIVE, {
      d: b.dealId,
      after: await newestId(),
    });
    await publishCrmEvent(t.db, clock, TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve"));
    expect((await live.next()).card).toMatchObject({
      kind: "ReserveExpiredConfirmBooking",
      bookingId: b.bookingId,
    });
    await live.close();
  });
});
