import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  DEMO_DEVELOPER_ID,
  DEMO_SECOND_DEVELOPER_ID,
  DEMO_USERS,
} from "../../../src/platform/auth/demo-users.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { describeWithService } from "../../support/services.js";
import { type BookingRef, crm } from "../chessboard/chessboard-fixtures.js";
import { publishCrmEvent, subscribeField } from "../messenger/live-client.js";
import { createdWithParties } from "../messenger/messenger-fixtures.js";

interface Note {
  id: string;
  kind: string;
  title: string;
  dealId: string;
  bookingId: string | null;
  read: boolean;
}
const FIELDS = "id kind title dealId bookingId read";
const INBOX = `query($unread: Boolean, $first: Int, $after: String) { notifications(unreadOnly: $unread, first: $first, after: $after) {
  __typename ... on Error { code } ... on QueryNotificationsSuccess { data { hasNextPage endCursor items { ${FIELDS} } } } } }`;
const COUNT = "query { unreadNotificationCount }";
const MARK = `mutation($ids: [String!], $all: Boolean) { markNotificationsRead(ids: $ids, all: $all) {
  __typename ... on Error { code } ... on MutationMarkNotificationsReadSuccess { data { marked unreadCount } } } }`;
const LIVE = `subscription($after: String) { notificationAdded(afterId: $after) { ${FIELDS} } }`;

const newBooking = (tenantId = DEMO_DEVELOPER_ID): BookingRef => ({
  bookingId: randomUUID(),
  dealId: randomUUID(),
  propertyObjectId: randomUUID(),
  tenantId,
});

describeWithService(
  "postgres",
  "notifications over GraphQL: inbox, unread, mark read, live with resume",
  () => {
    let t: TestApp;
    const clock = new ManualClock(new Date());
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      t = await startTestApp({ clock, env: { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "error" } });
      tokens.agent = await t.tokenFor("agent");
      tokens.investor = await t.tokenFor("investor");
      tokens.manager = await t.tokenFor("developer_manager");
      tokens.otherAgent = await t.tokenFor("agent", { userId: randomUUID() });
      tokens.otherDeveloper = await t.tokenFor("developer_manager", {
        userId: randomUUID(),
        tenantId: DEMO_SECOND_DEVELOPER_ID,
      });
    });
    afterAll(async () => {
      await t?.stop();
    });

    const inbox = async (token: string, vars: Record<string, unknown> = {}) =>
      (
        await t.graphql<{
          notifications: {
            __typename: string;
            code?: string;
            data?: { hasNextPage: boolean; endCursor: string | null; items: Note[] };
          };
        }>(INBOX, vars, token)
      ).data!.notifications;
    const unreadCount = async (token: string) =>
      (await t.graphql<{ unreadNotificationCount: number }>(COUNT, {}, token)).data!.unreadNotificationCount;
    const newestId = async (token: string) => (await inbox(token, { first: 1 })).data!.items[0]?.id ?? null;

    /**
     * booking-created reached notifications. Topics are not ordered against each other: a
     * transition overtaking its booking-created is parked and retried 30 s later on the (manual)
     * clock, so the tests wait for the participants before they publish the next transition.
     */
    async function created(b: BookingRef, parties: Parameters<typeof createdWithParties>[2] = {}) {
      await publishCrmEvent(t.db, clock, TOPIC.bookingCreated, createdWithParties(b, clock.now(), parties));
      await eventually(
        () => t.db.notificationDealParticipants.findUnique({ where: { dealId: b.dealId } }),
        "the deal's participants",
      );
    }

    /** A booking that expires in phase Reserve: everyone on the deal is told. */
    async function expiredBooking(b = newBooking()): Promise<BookingRef> {
      await created(b);
      await publishCrmEvent(t.db, clock, TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve"));
      await eventually(
        async () => (await t.db.notification.count({ where: { dealId: b.dealId } })) === 3,
        "3 notifications",
      );
      return b;
    }

    it("each participant's inbox gets one notification with a title and the deal/booking link; others get none", async () => {
      const b = await expiredBooking();
      for (const who of ["agent", "investor", "manager"]) {
        const items = (await inbox(tokens[who]!)).data!.items.filter((n) => n.dealId === b.dealId);
        expect(items).toEqual([
          {
            id: expect.any(String),
            kind: "ReserveExpired",
            title: "Reserve time expired: the booking was not confirmed in time",
            dealId: b.dealId,
            bookingId: b.bookingId,
            read: false,
          },
        ]);
      }
      // isolation: a participant of another deal, a manager of another developer
      for (const who of ["otherAgent", "otherDeveloper"])
        expect((await inbox(tokens[who]!)).data!.items.filter((n) => n.dealId === b.dealId)).toEqual([]);
    });

    it("the actor is not told about their own action (developer-wide notifications exclude them)", async () => {
      const b = newBooking();
      await created(b);
      await publishCrmEvent(t.db, clock, TOPIC.dealSaleStarted, {
        ...crm.saleStarted(b, 4, clock.now()),
        StartedByUserId: DEMO_USERS.developer_manager.userId,
      });
      await eventually(
        async () => (await t.db.notification.count({ where: { dealId: b.dealId } })) === 3,
        "3 notifications",
      );
      expect((await inbox(tokens.manager!)).data!.items.filter((n) => n.dealId === b.dealId)).toEqual([]);
      const other = await t.tokenFor("developer_manager", { userId: randomUUID() });
      expect(
        (await inbox(other)).data!.items.filter((n) => n.dealId === b.dealId).map((n) => n.kind),
      ).toEqual(["SaleStarted"]);
    });

    it("unreadOnly, keyset pages, unread count, markNotificationsRead(ids | all)", async () => {
      const userId = randomUUID();
      const token = await t.tokenFor("investor", { userId });
      for (let i = 0; i < 3; i++) {
        const b = newBooking();
        await created(b, { investor: userId });
        await publishCrmEvent(t.db, clock, TOPIC.bookingExpired, crm.expired(b, 2, clock.now(), "Reserve"));
      }
      await eventually(async () => (await unreadCount(token)) === 3, "3 unread");
      const page1 = await inbox(token, { first: 2 });
      expect(page1.data?.items).toHaveLength(2);
      expect(page1.data?.hasNextPage).toBe(true);
      const page2 = await inbox(token, { first: 2, after: page1.data!.endCursor });
      expect(page2.data?.items).toHaveLength(1);
      expect(page2.data?.hasNextPage).toBe(false);
      const ids = [...page1.data!.items, ...page2.data!.items].map((n) => BigInt(n.id));
      expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));

      // someone else's id is ignored
      const foreign = (await inbox(tokens.agent!)).data!.items[0]!.id;
      const marked = await t.graphql<{
        markNotificationsRead: { data: { marked: number; unreadCount: number } };
      }>(MARK, { ids: [page1.data!.items[0]!.id, foreign] }, token);
      expect(marked.data?.markNotificationsRead.data).toEqual({ marked: 1, unreadCount: 2 });
      expect((await inbox(token, { unread: true })).data!.items.map((n) => n.id)).toEqual([
        page1.data!.items[1]!.id,
        page2.data!.items[0]!.id,
      ]);
      const all = await t.graphql<{
        markNotificationsRead: { data: { marked: number; unreadCount: number } };
      }>(MARK, { all: true }, token);
      expect(all.data?.markNotificationsRead.data).toEqual({ marked: 2, unreadCount: 0 });
      expect((await inbox(token)).data!.items.every((n) => n.read)).toBe(true);
      expect((await unreadCount(tokens.agent!)) > 0).toBe(true);
    });

    it("hostile input: bad ids, page sizes and mark selections are refused with stable codes", async () => {
      expect(await inbox(tokens.agent!, { after: "abc" })).toMatchObject({
        code: "NOTIFICATIONS_INVALID_ID",
      });
      expect(await inbox(tokens.agent!, { first: 101 })).toMatchObject({
        code: "NOTIFICATIONS_INVALID_PAGE",
      });
      const both = await t.graphql<{ markNotificationsRead: { code: string } }>(
        MARK,
        { ids: ["1"], all: true },
        tokens.agent,
      );
      expect(both.data?.markNotificationsRead.code).toBe("NOTIFICATIONS_INVALID_MARK");
    });

    it("notificationAdded: live for the signed-in user, and a reconnect with afterId replays what was missed", async () => {
      const first = subscribeField<Note>(t.wsClient(tokens.agent!), "notificationAdded", LIVE, {
        after: await newestId(tokens.agent!),
      });
      const b1 = await expiredBooking();
      expect(await first.next()).toMatchObject({ kind: "ReserveExpired", dealId: b1.dealId });
      await first.close(); // the connection drops
      const seen = (await inbox(tokens.agent!, { first: 1 })).data!.items[0]!;
      expect(seen.dealId).toBe(b1.dealId);
      const b2 = await expiredBooking(); // missed
      await expiredBooking(newBooking(DEMO_SECOND_DEVELOPER_ID)); // the agent's too, another developer
      const resumed = subscribeField<Note>(t.wsClient(tokens.agent!), "notificationAdded", LIVE, {
        after: seen.id,
      });
      const missed = [await resumed.next(), await resumed.next()];
      expect(missed.map((n) => n.dealId)[0]).toBe(b2.dealId);
      expect(BigInt(missed[0]!.id) < BigInt(missed[1]!.id)).toBe(true);
      const b4 = await expiredBooking();
      expect(await resumed.next()).toMatchObject({ dealId: b4.dealId });
      await resumed.close();
    });

    it("a developer manager's subscription carries the developer's notifications, not another developer's", async () => {
      const live = subscribeField<Note>(t.wsClient(tokens.otherDeveloper!), "notificationAdded", LIVE, {
        after: (await newestId(tokens.otherDeveloper!)) ?? "1",
      });
      await expiredBooking(); // demo developer: not for them
      const theirs = await expiredBooking(newBooking(DEMO_SECOND_DEVELOPER_ID));
      expect(await live.next()).toMatchObject({ dealId: theirs.dealId, kind: "ReserveExpired" });
      await live.close();
    });
  },
);
