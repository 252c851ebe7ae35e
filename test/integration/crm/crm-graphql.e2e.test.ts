import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCrm } from "../../../src/domain/crm/seed/seed-demo-deals.js";
import { DEMO_DEVELOPER_ID, DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import { ManualClock } from "../../../src/platform/clock/clock.js";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { PAID_PROGRAM, seedDeveloperReplica, seedPaidProgram } from "./crm-fixtures.js";

let app: TestApp;
const clock = new ManualClock("2026-08-01T09:00:00.000Z");

beforeAll(async () => {
  app = await startTestApp({ clock, roles: ["api"] });
  await seedDemoCrm({ db: app.db, clock, log: createMemoryLogger().logger });
  await seedDemoCrm({ db: app.db, clock, log: createMemoryLogger().logger });
  await seedPaidProgram(app.db);
  await seedDeveloperReplica(app.db, DEMO_DEVELOPER_ID);
});
afterAll(async () => {
  await app?.stop();
});

const BOOKING_FIELDS =
  "id status paymentStatus version reserveExpiresAt bookingExpiresAt programTerms { isPaid }";
const RESULT = (field: string) => `
  ... on Error { __typename code message }
  ... on ${field} { data { ${BOOKING_FIELDS} } }`;

async function replicaObject(): Promise<string> {
  const id = randomUUID();
  await app.db.crmPropertyObjectReplica.create({
    data: { id, tenantId: DEMO_DEVELOPER_ID, status: "Free", version: 1, updatedAt: clock.now() },
  });
  return id;
}

async function newDeal(token: string): Promise<string> {
  const created = await app.graphql<{ createDeal: { data: { id: string } } }>(
    `mutation($t: String!, $i: ID) { createDeal(title: $t, investorUserId: $i) { ... on MutationCreateDealSuccess { data { id status } } ... on Error { code } } }`,
    { t: "e2e", i: DEMO_USERS.investor.userId },
    token,
  );
  const dealId = created.data!.createDeal.data.id;
  const engaged = await app.graphql<{ engageDeveloper: { data?: { status: string } } }>(
    `mutation($d: ID!, $dev: ID!) { engageDeveloper(dealId: $d, developerId: $dev) { ... on MutationEngageDeveloperSuccess { data { status } } ... on Error { code } } }`,
    { d: dealId, dev: DEMO_DEVELOPER_ID },
    token,
  );
  expect(engaged.data?.engageDeveloper.data?.status).toBe("Application");
  return dealId;
}

describe("crm GraphQL over HTTP", () => {
  it("free branch end to end: createDeal → engageDeveloper → createBooking → confirmBooking → startSale", async () => {
    const agent = await app.tokenFor("agent");
    const manager = await app.tokenFor("developer_manager");
    const dealId = await newDeal(agent);
    const created = await app.graphql<{ createBooking: { data: { id: string; status: string } } }>(
      `mutation($d: ID!, $p: ID!) { createBooking(dealId: $d, propertyObjectId: $p) { ${RESULT("MutationCreateBookingSuccess")} } }`,
      { d: dealId, p: await replicaObject() },
      agent,
    );
    const bookingId = created.data!.createBooking.data.id;
    expect(created.data!.createBooking.data.status).toBe("Reserved");
    const confirmed = await app.graphql<{ confirmBooking: { data: { status: string } } }>(
      `mutation($b: ID!) { confirmBooking(bookingId: $b) { ${RESULT("MutationConfirmBookingSuccess")} } }`,
      { b: bookingId },
      agent,
    );
    expect(confirmed.data!.confirmBooking.data.status).toBe("Booked");
    const sale = await app.graphql<{ startSale: { data: { status: string } } }>(
      `mutation($b: ID!) { startSale(bookingId: $b) { ${RESULT("MutationStartSaleSuccess")} } }`,
      { b: bookingId },
      manager,
    );
    expect(sale.data!.startSale.data.status).toBe("Completed");
    const deal = await app.graphql<{
      deal: { data: { status: string; bookings: unknown[]; timeline: Array<{ toStatus: string }> } };
    }>(
      `query($d: ID!) { deal(id: $d) { ... on QueryDealSuccess { data { status bookings { id status } timeline { entity toStatus actorUserId } } } ... on Error { code } } }`,
      { d: dealId },
      agent,
    );
    expect(deal.data!.deal.data.status).toBe("Sale");
    expect(deal.data!.deal.data.timeline.map((e) => e.toStatus)).toEqual([
      "Draft",
      "Application",
      "Reserved",
      "Booking",
      "Booked",
      "Completed",
      "Sale",
    ]);
  });

  it("paid branch end to end: contract by the developer, receipt by the investor, payment confirmation by the developer", async () => {
    const agent = await app.tokenFor("agent");
    const investor = await app.tokenFor("investor");
    const manager = await app.tokenFor("developer_manager");
    const dealId = await newDeal(agent);
    const created = await app.graphql<{
      createBooking: { data: { id: string; programTerms: { isPaid: boolean } } };
    }>(
      `mutation($d: ID!, $p: ID!, $prog: ID) { createBooking(dealId: $d, propertyObjectId: $p, programId: $prog) { ${RESULT("MutationCreateBookingSuccess")} } }`,
      { d: dealId, p: await replicaObject(), prog: PAID_PROGRAM },
      investor,
    );
    const bookingId = created.data!.createBooking.data.id;
    expect(created.data!.createBooking.data.programTerms.isPaid).toBe(true);
    const refused = await app.graphql<{ confirmBooking: { __typename: string; code: string } }>(
      `mutation($b: ID!) { confirmBooking(bookingId: $b) { ${RESULT("MutationConfirmBookingSuccess")} } }`,
      { b: bookingId },
      agent,
    );
    expect(refused.data!.confirmBooking).toMatchObject({
      __typename: "IllegalStateError",
      code: "CRM_BOOKING_PROGRAM_PAID",
    });
    const contract = await app.graphql<{ uploadBookingContract: { data: { status: string } } }>(
      `mutation($b: ID!) { uploadBookingContract(bookingId: $b, contractFileId: "file-contract") { ${RESULT("MutationUploadBookingContractSuccess")} } }`,
      { b: bookingId },
      manager,
    );
    expect(contract.data!.uploadBookingContract.data.status).toBe("AwaitingPayment");
    const receipt = await app.graphql<{ uploadPaymentReceipt: { data: { paymentStatus: string } } }>(
      `mutation($b: ID!) { uploadPaymentReceipt(bookingId: $b, receiptFileId: "file-receipt") { ${RESULT("MutationUploadPaymentReceiptSuccess")} } }`,
      { b: bookingId },
      investor,
    );
    expect(receipt.data!.uploadPaymentReceipt.data.paymentStatus).toBe("Uploaded");
    const paid = await app.graphql<{
      confirmBookingPayment: { data: { status: string; paymentStatus: string } };
    }>(
      `mutation($b: ID!) { confirmBookingPayment(bookingId: $b) { ${RESULT("MutationConfirmBookingPaymentSuccess")} } }`,
      { b: bookingId },
      manager,
    );
    expect(paid.data!.confirmBookingPayment.data).toMatchObject({ status: "Booked", paymentStatus: "Paid" });
  });

  it("typed errors: another developer's manager gets NotFoundError, an investor confirming gets ForbiddenError CRM_FORBIDDEN", async () => {
    const agent = await app.tokenFor("agent");
    const dealId = await newDeal(agent);
    const created = await app.graphql<{ createBooking: { data: { id: string } } }>(
      `mutation($d: ID!, $p: ID!) { createBooking(dealId: $d, propertyObjectId: $p) { ${RESULT("MutationCreateBookingSuccess")} } }`,
      { d: dealId, p: await replicaObject() },
      agent,
    );
    const bookingId = created.data!.createBooking.data.id;
    const foreign = await app.tokenFor("developer_manager", { userId: randomUUID(), tenantId: randomUUID() });
    const r1 = await app.graphql<{ extendBooking: { __typename: string; code: string } }>(
      `mutation($b: ID!) { extendBooking(bookingId: $b) { ${RESULT("MutationExtendBookingSuccess")} } }`,
      { b: bookingId },
      foreign,
    );
    expect(r1.data!.extendBooking).toMatchObject({
      __typename: "NotFoundError",
      code: "CRM_BOOKING_NOT_FOUND",
    });
    const r2 = await app.graphql<{ confirmBooking: { __typename: string; code: string } }>(
      `mutation($b: ID!) { confirmBooking(bookingId: $b) { ${RESULT("MutationConfirmBookingSuccess")} } }`,
      { b: bookingId },
      await app.tokenFor("investor"),
    );
    expect(r2.data!.confirmBooking).toMatchObject({ __typename: "ForbiddenError", code: "CRM_FORBIDDEN" });
  });

  it("seedDemoCrm is idempotent and leaves deals ready to book plus one Draft", async () => {
    const deals = await app.db.crmDeal.findMany({ where: { title: { startsWith: "Demo" } } });
    expect(deals.filter((d) => d.status === "Application")).toHaveLength(3);
    expect(deals.filter((d) => d.status === "Draft")).toHaveLength(1);
  });
});
