import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_DEVELOPER_ID,
  DEMO_SECOND_DEVELOPER_ID,
  DEMO_USERS,
} from "../../../src/platform/auth/demo-users.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { PAID_PROGRAM, seedDeveloperReplica, seedEngagedDeal, seedPaidProgram } from "./crm-fixtures.js";

/**
 * The crm role matrix (docs/engineering/crm.md) over real HTTP: for every mutation and read, one caller the
 * matrix allows and one it refuses. The refused call goes first on the same fixture and must
 * leave it untouched; a caller who may not even read the deal gets NotFound (no existence leak),
 * one who may read it but not act gets ForbiddenError CRM_FORBIDDEN.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ roles: ["api"] });
  await seedPaidProgram(app.db);
  await seedDeveloperReplica(app.db, DEMO_DEVELOPER_ID);
});
afterAll(async () => {
  await app?.stop();
});

type Caller =
  | "agent"
  | "investor"
  | "pin_manager"
  | "developer_manager"
  | "admin"
  | "otherAgent"
  | "foreignDeveloperManager";

function tokenOf(caller: Caller): Promise<string> {
  switch (caller) {
    case "otherAgent":
      return app.tokenFor("agent", { userId: randomUUID() });
    case "foreignDeveloperManager":
      return app.tokenFor("developer_manager", { userId: randomUUID(), tenantId: DEMO_SECOND_DEVELOPER_ID });
    default:
      return app.tokenFor(caller);
  }
}

interface Fixture {
  readonly dealId: string;
  readonly bookingId: string | null;
  readonly propertyObjectId: string;
}

type Stage =
  | "draft"
  | "engaged"
  | "reserved"
  | "paidReserved"
  | "awaitingPayment"
  | "receiptUploaded"
  | "booked";

const BOOKING_FIELDS = "id status version";
const result = (success: string) =>
  `__typename ... on Error { code message } ... on ${success} { data { __typename } }`;

async function call(
  caller: Caller,
  document: string,
  variables: Record<string, unknown>,
): Promise<{ __typename: string; code?: string }> {
  const response = await app.graphql<Record<string, { __typename: string; code?: string }>>(
    document,
    variables,
    await tokenOf(caller),
  );
  expect(response.errors).toBeUndefined();
  return Object.values(response.data ?? {})[0]!;
}

/** Setup steps go through GraphQL as callers the matrix allows, so the fixtures are real sagas. */
async function step(caller: Caller, document: string, variables: Record<string, unknown>): Promise<void> {
  const outcome = await call(caller, document, variables);
  expect(outcome.code, `setup ${document.slice(0, 40)}`).toBeUndefined();
}

const M = {
  createDeal: `mutation($t: String!, $i: ID) { createDeal(title: $t, investorUserId: $i) { ${result("MutationCreateDealSuccess")} } }`,
  engageDeveloper: `mutation($d: ID!, $dev: ID!) { engageDeveloper(dealId: $d, developerId: $dev) { ${result("MutationEngageDeveloperSuccess")} } }`,
  createBooking: `mutation($d: ID!, $p: ID!, $prog: ID) { createBooking(dealId: $d, propertyObjectId: $p, programId: $prog) { ${result("MutationCreateBookingSuccess")} } }`,
  uploadBookingContract: `mutation($b: ID!) { uploadBookingContract(bookingId: $b, contractFileId: "file-contract") { ${result("MutationUploadBookingContractSuccess")} } }`,
  uploadPaymentReceipt: `mutation($b: ID!) { uploadPaymentReceipt(bookingId: $b, receiptFileId: "file-receipt") { ${result("MutationUploadPaymentReceiptSuccess")} } }`,
  confirmBooking: `mutation($b: ID!) { confirmBooking(bookingId: $b) { ${result("MutationConfirmBookingSuccess")} } }`,
  confirmBookingPayment: `mutation($b: ID!) { confirmBookingPayment(bookingId: $b) { ${result("MutationConfirmBookingPaymentSuccess")} } }`,
  extendBooking: `mutation($b: ID!) { extendBooking(bookingId: $b) { ${result("MutationExtendBookingSuccess")} } }`,
  startSale: `mutation($b: ID!) { startSale(bookingId: $b) { ${result("MutationStartSaleSuccess")} } }`,
  cancelBooking: `mutation($b: ID!) { cancelBooking(bookingId: $b, reason: "changed mind") { ${result("MutationCancelBookingSuccess")} } }`,
  cancelDeal: `mutation($d: ID!) { cancelDeal(dealId: $d, reason: "changed mind") { ${result("MutationCancelDealSuccess")} } }`,
  booking: `query($b: ID!) { booking(id: $b) { ${result("QueryBookingSuccess")} } }`,
  deal: `query($d: ID!) { deal(id: $d) { ${result("QueryDealSuccess")} } }`,
};

/** A deal of the demo agent and investor with the demo developer, brought to `stage`. */
async function fixture(stage: Stage): Promise<Fixture> {
  const propertyObjectId = randomUUID();
  await app.db.crmPropertyObjectReplica.create({
    data: {
      id: propertyObjectId,
      tenantId: DEMO_DEVELOPER_ID,
      status: "Free",
      version: 1,
      updatedAt: app.clock.now(),
    },
  });
  const dealId = await seedEngagedDeal(app.db, {
    agentUserId: DEMO_USERS.agent.userId,
    investorUserId: DEMO_USERS.investor.userId,
    tenantId: stage === "draft" ? null : DEMO_DEVELOPER_ID,
    status: stage === "draft" ? "Draft" : "Application",
    at: app.clock.now(),
  });
  if (stage === "draft" || stage === "engaged") return { dealId, bookingId: null, propertyObjectId };
  const paid = stage === "paidReserved" || stage === "awaitingPayment" || stage === "receiptUploaded";
  const created = await app.graphql<{ createBooking: { data: { id: string } } }>(
    `mutation($d: ID!, $p: ID!, $prog: ID) { createBooking(dealId: $d, propertyObjectId: $p, programId: $prog) { ... on MutationCreateBookingSuccess { data { ${BOOKING_FIELDS} } } ... on Error { code } } }`,
    { d: dealId, p: propertyObjectId, prog: paid ? PAID_PROGRAM : null },
    await tokenOf("pin_manager"),
  );
  const bookingId = created.data!.createBooking.data.id;
  const b = { b: bookingId };
  if (stage === "awaitingPayment" || stage === "receiptUploaded")
    await step("developer_manager", M.uploadBookingContract, b);
  if (stage === "receiptUploaded") await step("investor", M.uploadPaymentReceipt, b);
  if (stage === "booked") await step("pin_manager", M.confirmBooking, b);
  return { dealId, bookingId, propertyObjectId };
}

async function snapshot(f: Fixture): Promise<unknown> {
  const deal = await app.db.crmDeal.findUnique({
    where: { id: f.dealId },
    select: { status: true, version: true },
  });
  const bookings = await app.db.crmBooking.findMany({
    where: { dealId: f.dealId },
    select: { id: true, status: true, version: true, paymentStatus: true },
  });
  return { deal, bookings };
}

interface Row {
  readonly operation: keyof typeof M;
  readonly stage: Stage;
  readonly allowed: Caller;
  readonly refused: Caller;
  readonly refusedAs: { readonly __typename: "ForbiddenError" | "NotFoundError"; readonly code: string };
  readonly variables: (f: Fixture) => Record<string, unknown>;
}

const FORBIDDEN = { __typename: "ForbiddenError", code: "CRM_FORBIDDEN" } as const;
const BOOKING_HIDDEN = { __typename: "NotFoundError", code: "CRM_BOOKING_NOT_FOUND" } as const;
const DEAL_HIDDEN = { __typename: "NotFoundError", code: "CRM_DEAL_NOT_FOUND" } as const;
const onBooking = (f: Fixture) => ({ b: f.bookingId });
const onDeal = (f: Fixture) => ({ d: f.dealId });

const ROWS: readonly Row[] = [
  {
    operation: "createDeal",
    stage: "engaged",
    allowed: "agent",
    refused: "developer_manager",
    refusedAs: FORBIDDEN,
    variables: () => ({ t: "matrix", i: DEMO_USERS.investor.userId }),
  },
  {
    operation: "engageDeveloper",
    stage: "draft",
    allowed: "investor",
    refused: "admin",
    refusedAs: FORBIDDEN,
    variables: (f) => ({ d: f.dealId, dev: DEMO_DEVELOPER_ID }),
  },
  {
    operation: "engageDeveloper",
    stage: "draft",
    allowed: "pin_manager",
    refused: "otherAgent",
    refusedAs: DEAL_HIDDEN,
    variables: (f) => ({ d: f.dealId, dev: DEMO_DEVELOPER_ID }),
  },
  {
    operation: "createBooking",
    stage: "engaged",
    allowed: "investor",
    refused: "developer_manager",
    refusedAs: FORBIDDEN,
    variables: (f) => ({ d: f.dealId, p: f.propertyObjectId }),
  },
  {
    operation: "createBooking",
    stage: "engaged",
    allowed: "agent",
    refused: "foreignDeveloperManager",
    refusedAs: DEAL_HIDDEN,
    variables: (f) => ({ d: f.dealId, p: f.propertyObjectId }),
  },
  {
    operation: "uploadBookingContract",
    stage: "paidReserved",
    allowed: "developer_manager",
    refused: "pin_manager",
    refusedAs: FORBIDDEN,
    variables: onBooking,
  },
  {
    operation: "uploadPaymentReceipt",
    stage: "awaitingPayment",
    allowed: "agent",
    refused: "developer_manager",
    refusedAs: FORBIDDEN,
    variables: onBooking,
  },
  {
    operation: "confirmBooking",
    stage: "reserved",
    allowed: "agent",
    refused: "investor",
    refusedAs: FORBIDDEN,
    variables: onBooking,
  },
  {
    operation: "confirmBooking",
    stage: "reserved",
    allowed: "pin_manager",
    refused: "developer_manager",
    refusedAs: FORBIDDEN,
    variables: onBooking,
  },
  {
    operation: "confirmBookingPayment",
    stage: "receiptUploaded",
    allowed: "developer_manager",
    refused: "pin_manager",
    refusedAs: FORBIDDEN,
    variables: onBooking,
  },
  {
    operation: "extendBooking",
    stage: "booked",
    allowed: "developer_manager",
    refused: "agent",
    refusedAs: FORBIDDEN,
    variables: onBooking,
  },
  {
    operation: "extendBooking",
    stage: "booked",
    allowed: "pin_manager",
    refused: "foreignDeveloperManager",
    refusedAs: BOOKING_HIDDEN,
    variables: onBooking,
  },
  {
    operation: "startSale",
    stage: "booked",
    allowed: "pin_manager",
    refused: "investor",
    refusedAs: FORBIDDEN,
    variables: onBooking,
  },
  {
    operation: "startSale",
    stage: "booked",
    allowed: "developer_manager",
    refused: "admin",
    refusedAs: FORBIDDEN,
    variables: onBooking,
  },
  {
    operation: "cancelBooking",
    stage: "reserved",
    allowed: "investor",
    refused: "otherAgent",
    refusedAs: BOOKING_HIDDEN,
    variables: onBooking,
  },
  {
    operation: "cancelBooking",
    stage: "booked",
    allowed: "developer_manager",
    refused: "admin",
    refusedAs: FORBIDDEN,
    variables: onBooking,
  },
  {
    operation: "cancelDeal",
    stage: "reserved",
    allowed: "agent",
    refused: "foreignDeveloperManager",
    refusedAs: DEAL_HIDDEN,
    variables: onDeal,
  },
  {
    operation: "cancelDeal",
    stage: "engaged",
    allowed: "developer_manager",
    refused: "admin",
    refusedAs: FORBIDDEN,
    variables: onDeal,
  },
  {
    operation: "booking",
    stage: "reserved",
    allowed: "developer_manager",
    refused: "otherAgent",
    refusedAs: BOOKING_HIDDEN,
    variables: onBooking,
  },
  {
    operation: "booking",
    stage: "reserved",
    allowed: "admin",
    refused: "foreignDeveloperManager",
    refusedAs: BOOKING_HIDDEN,
    variables: onBooking,
  },
  {
    operation: "deal",
    stage: "engaged",
    allowed: "investor",
    refused: "foreignDeveloperManager",
    refusedAs: DEAL_HIDDEN,
    variables: onDeal,
  },
  {
    operation: "deal",
    stage: "draft",
    allowed: "pin_manager",
    refused: "developer_manager",
    refusedAs: DEAL_HIDDEN,
    variables: onDeal,
  },
];

describe("crm role matrix over HTTP: each row allowed and refused", () => {
  it("every mutation and read of the matrix has at least one row", () => {
    expect(new Set(ROWS.map((r) => r.operation))).toEqual(new Set(Object.keys(M)));
  });

  it.each(
    ROWS.map(
      (r) =>
        [
          `${r.operation} (${r.stage}): ${r.allowed} allowed, ${r.refused} refused with ${r.refusedAs.code}`,
          r,
        ] as const,
    ),
  )("%s", async (_name, row) => {
    const f = await fixture(row.stage);
    const before = await snapshot(f);
    const refused = await call(row.refused, M[row.operation], row.variables(f));
    expect(refused).toMatchObject(row.refusedAs);
    expect(await snapshot(f)).toEqual(before);

    const allowed = await call(row.allowed, M[row.operation], row.variables(f));
    expect(allowed).toMatchObject({
      __typename: `${row.operation === "booking" || row.operation === "deal" ? "Query" : "Mutation"}${row.operation[0]!.toUpperCase()}${row.operation.slice(1)}Success`,
    });
  });

  it("bookings (list): participants and the developer's staff see the booking, an unrelated agent and a foreign developer do not", async () => {
    const f = await fixture("reserved");
    const list = `query($d: ID) { bookings(first: 10, filter: { dealId: $d }) { edges { node { id } } } }`;
    const idsFor = async (caller: Caller) => {
      const response = await app.graphql<{ bookings: { edges: Array<{ node: { id: string } }> } }>(
        list,
        { d: f.dealId },
        await tokenOf(caller),
      );
      expect(response.errors).toBeUndefined();
      return response.data!.bookings.edges.map((e) => e.node.id);
    };
    for (const caller of ["agent", "investor", "developer_manager", "pin_manager", "admin"] as const) {
      expect(await idsFor(caller), caller).toEqual([f.bookingId]);
    }
    for (const caller of ["otherAgent", "foreignDeveloperManager"] as const) {
      expect(await idsFor(caller), caller).toEqual([]);
    }
  });
});
