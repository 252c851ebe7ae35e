import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { LIMITS } from "../../../src/graphql/security/limits.js";
import { createTokenService } from "../../../src/platform/auth/jwt.js";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "../../support/app.js";
import { requireService } from "../../support/services.js";
import { createStructure, type Structure } from "../chessboard/chessboard-fixtures.js";

await requireService("postgres");

/**
 * Issue #13: one named test per class of attack, over the real HTTP and WebSocket server.
 * Figures (what each caller can make the server spend) are in docs/engineering/security.md.
 */
type GqlBody = {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
};

let t: TestApp;
let base: string;
let structure: Structure;
let agent: string;
let manager: string;

async function post(
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: GqlBody; text: string }> {
  const response = await fetch(t.url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: GqlBody = {};
  try {
    parsed = JSON.parse(text) as GqlBody;
  } catch {
    // not JSON: the test looks at status/text
  }
  return { status: response.status, body: parsed, text };
}

function codesOf(body: GqlBody): unknown[] {
  return (body.errors ?? []).map((e) => e.extensions?.code);
}

/** The typed result of a mutation with `errors: {}` (or the top-level error code). */
function resultCode(body: GqlBody, field: string): unknown {
  const result = body.data?.[field] as { code?: string } | undefined;
  return result?.code ?? codesOf(body)[0];
}

beforeAll(async () => {
  t = await startTestApp({
    roles: ["api"],
    env: { PIN_WS_MAX_CONNECTIONS_PER_USER: "2", PIN_WS_MAX_SUBSCRIPTIONS_PER_USER: "3" },
  });
  base = t.url.replace(/\/graphql$/, "");
  structure = await createStructure(t.db, t.clock, 4);
  agent = await t.tokenFor("agent");
  manager = await t.tokenFor("developer_manager", { tenantId: structure.developerId });
});
afterAll(async () => {
  await t?.stop();
});

const BUILDING_INPUT = `{ name: "B", status: Published, floorsTotal: 9, sectionsCount: SECTIONS, constructionStatus: Planned }`;

describe("1. structure: absurd dimensions are refused, grids are built from the objects that exist", () => {
  it("createChessboardBuilding with sectionsCount 1,000,000 is a validation error", async () => {
    const { body } = await post(
      {
        query: `mutation($p: ID!) { createChessboardBuilding(projectId: $p, input: ${BUILDING_INPUT.replace("SECTIONS", "1000000")}) { __typename ... on Error { code } } }`,
        variables: { p: structure.projectId },
      },
      { authorization: `Bearer ${manager}` },
    );
    expect(body.data?.createChessboardBuilding).toEqual({
      __typename: "ValidationError",
      code: "INVALID_INPUT",
    });
    expect(await t.db.chessboardBuilding.count({ where: { projectId: structure.projectId } })).toBe(1);
  });

  it("a building stored with absurd dimensions (before the bounds) reads as a grid of its objects only", async () => {
    await t.db.chessboardBuilding.update({
      where: { id: structure.buildingId },
      data: { sectionsCount: 2_000_000_000, floorsTotal: 2_000_000_000 },
    });
    const { body } = await post(
      {
        query: `query($b: ID!) { chessboard(buildingId: $b) { sections { section floors { floor cells { number } } } } }`,
        variables: { b: structure.buildingId },
      },
      { authorization: `Bearer ${agent}` },
    );
    const grid = body.data?.chessboard as
      | { sections: Array<{ section: number; floors: unknown[] }> }
      | undefined;
    const sections = grid?.sections ?? [];
    expect(sections.map((s) => s.section)).toEqual([1, 2]);
    expect(sections.every((s) => s.floors.length <= 3)).toBe(true);
  });
});

describe("2. metrics: no label takes a client-chosen value; /metrics can leave the public port", () => {
  it('1,000 distinct operation names add no label values (they are all "other")', async () => {
    const before = (await (await fetch(`${base}/metrics`)).text()).length;
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          post({
            query: `query Attack_${batch}_${i}_${randomUUID().replaceAll("-", "")} { viewer { userId } }`,
          }),
        ),
      );
    }
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).not.toContain("Attack_");
    expect(text).toMatch(/pin_graphql_operations_total\{operation="other",field="viewer",result="ok"\} \d+/);
    expect(text.length - before).toBeLessThan(4_000);
  });

  it("with PIN_METRICS_PORT set, /metrics is served there and not on the API port", async () => {
    const other = await startTestApp({ roles: ["api"], env: { PIN_METRICS_PORT: "0" } });
    try {
      const apiBase = other.url.replace(/\/graphql$/, "");
      expect((await fetch(`${apiBase}/metrics`)).status).toBe(404);
      expect(other.app.metricsUrl).not.toContain(apiBase);
      const metrics = await fetch(other.app.metricsUrl!);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain("pin_graphql_operations_total");
    } finally {
      await other.stop();
    }
  });
});

describe("3. tokens: exp required, lifetime capped, subject a UUID, dev secret refused on a configured database", () => {
  const signer = createTokenService({ secret: TEST_JWT_SECRET, issuer: "pin-platform" });

  it("a token signed with the development secret is refused (401) by a server on a configured database", async () => {
    const devSigner = createTokenService({
      secret: "pin-embedded-development-secret-not-for-production",
      issuer: "pin-platform",
    });
    const token = await devSigner.sign({ userId: randomUUID(), roles: ["admin"], tenantId: null });
    const { status, body } = await post(
      { query: "{ viewer { userId } }" },
      { authorization: `Bearer ${token}` },
    );
    expect(status).toBe(401);
    expect(codesOf(body)).toEqual(["UNAUTHENTICATED"]);
  });

  it("a well-signed token whose subject is not a UUID is refused (401)", async () => {
    const token = await signer.sign({ userId: "x".repeat(300), roles: ["admin"], tenantId: null });
    const { status } = await post({ query: "{ viewer { userId } }" }, { authorization: `Bearer ${token}` });
    expect(status).toBe(401);
  });
});

describe("4. inputs that flow into events are bounded to the contract at the API", () => {
  it("cancelBooking with a 1,001-character reason is a validation error and writes no event", async () => {
    const outboxBefore = await t.db.outboxMessage.count();
    const { body } = await post(
      {
        query: `mutation($b: ID!, $r: String!) { cancelBooking(bookingId: $b, reason: $r) { __typename ... on Error { code message } } }`,
        variables: { b: randomUUID(), r: "x".repeat(1_001) },
      },
      { authorization: `Bearer ${agent}` },
    );
    expect(body.data?.cancelBooking).toMatchObject({ __typename: "ValidationError", code: "INVALID_INPUT" });
    expect(await t.db.outboxMessage.count()).toBe(outboxBefore);
  });

  it("a reason of exactly 1,000 characters passes the bound (and reaches the booking lookup)", async () => {
    const { body } = await post(
      {
        query: `mutation($b: ID!, $r: String!) { cancelBooking(bookingId: $b, reason: $r) { __typename ... on Error { code } } }`,
        variables: { b: randomUUID(), r: "x".repeat(1_000) },
      },
      { authorization: `Bearer ${agent}` },
    );
    expect(resultCode(body, "cancelBooking")).toBe("CRM_BOOKING_NOT_FOUND");
  });
});

describe("5. cost limits: aliases, depth, tokens, directives, per-caller rate", () => {
  it("a 4,000-alias query is refused before it runs", async () => {
    const aliases = Array.from({ length: 4_000 }, (_, i) => `a${i.toString(36)}:__typename`).join(" ");
    const { body } = await post({ query: `{ ${aliases} }` }, { authorization: `Bearer ${agent}` });
    expect(JSON.stringify(body.errors)).toMatch(/token|alias/i);
    expect(body.data ?? null).toBeNull();
  });

  it(`more than ${LIMITS.maxAliases} aliases are refused`, async () => {
    const aliases = Array.from({ length: LIMITS.maxAliases + 1 }, (_, i) => `a${i}: viewer { userId }`).join(
      " ",
    );
    const { body } = await post({ query: `{ ${aliases} }` }, { authorization: `Bearer ${agent}` });
    expect(JSON.stringify(body.errors)).toMatch(/alias/i);
    expect(body.data ?? null).toBeNull();
  });

  it(`a selection deeper than ${LIMITS.maxDepth} is refused`, async () => {
    const nested = (levels: number) => {
      let selection = "id";
      for (let i = 0; i < levels; i++)
        selection = (levels - 1 - i) % 2 === 0 ? `bookings { ${selection} }` : `deal { ${selection} }`;
      return `{ deals(first: 1) { edges { node { ${selection} } } } }`;
    };
    const ok = await post({ query: nested(5) }, { authorization: `Bearer ${agent}` });
    expect(ok.body.errors).toBeUndefined();
    const { body } = await post({ query: nested(LIMITS.maxDepth) }, { authorization: `Bearer ${agent}` });
    expect(JSON.stringify(body.errors ?? [])).toMatch(/depth/i);
  });

  it(`more than ${LIMITS.maxDirectives} directives are refused`, async () => {
    const directives = "@include(if: true) ".repeat(LIMITS.maxDirectives + 1);
    const { body } = await post(
      { query: `{ viewer ${directives} { userId } }` },
      { authorization: `Bearer ${agent}` },
    );
    expect(JSON.stringify(body.errors)).toMatch(/directive/i);
  });

  it("a caller over the per-minute rate gets 429 RATE_LIMITED; other callers are served", async () => {
    const limited = await startTestApp({
      roles: ["api"],
      env: { PIN_RATE_LIMIT_ANONYMOUS_PER_MINUTE: "5", PIN_RATE_LIMIT_USER_PER_MINUTE: "5" },
    });
    try {
      const ask = (token?: string) =>
        fetch(limited.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ query: "{ viewer { userId } }" }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await ask()).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await refused.json()) as GqlBody).errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
      expect((await ask(await limited.tokenFor("investor"))).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe("7. bad input is a validation error, never INTERNAL_SERVER_ERROR", () => {
  const bookingQuery = `query($id: ID!) { booking(id: $id) { __typename ... on Error { code } } }`;

  it.each([
    ["a non-UUID id", "abc"],
    ["an empty id", ""],
    ["a 9,000-character id", "7".repeat(9_000)],
  ])("%s → INVALID_ID", async (_name, id) => {
    const { body } = await post(
      { query: bookingQuery, variables: { id } },
      { authorization: `Bearer ${agent}` },
    );
    expect(JSON.stringify(body)).not.toContain("INTERNAL_SERVER_ERROR");
    expect(codesOf(body)).toEqual(["INVALID_ID"]);
  });

  it.each([
    ["a required variable not provided", {}],
    ["a required variable null", { id: null }],
  ])("%s → BAD_USER_INPUT (graphql-js' request errors get a code too)", async (_name, variables) => {
    const { body } = await post({ query: bookingQuery, variables }, { authorization: `Bearer ${agent}` });
    expect(body.data ?? null).toBeNull();
    expect(codesOf(body)).toEqual(["BAD_USER_INPUT"]);
    expect(body.errors?.[0]?.message).toMatch(/^Variable "\$id"/);
  });

  it("a variable of a built-in type given the wrong type → BAD_USER_INPUT", async () => {
    const query = `query($f: LotFilter) { lots(filter: $f, first: 1) { __typename } }`;
    const { body } = await post({ query, variables: { f: { cityIds: ["x"] } } });
    expect(codesOf(body)).toEqual(["BAD_USER_INPUT"]);
    expect(body.errors?.[0]?.message).toMatch(/^Variable "\$f" got invalid value/);
  });

  it("more than 50 wrong values in variables (graphql-js' error cap) → every error BAD_USER_INPUT", async () => {
    const query = `query($f: LotFilter) { lots(filter: $f, first: 1) { __typename } }`;
    const cityIds = Array.from({ length: 60 }, (_, i) => `city ${i}`);
    const { body } = await post({ query, variables: { f: { cityIds } } });
    const codes = codesOf(body);
    expect(codes.length).toBeGreaterThan(50);
    expect(new Set(codes)).toEqual(new Set(["BAD_USER_INPUT"]));
    expect(body.errors?.at(-1)?.message).toMatch(/^Too many errors processing variables/);
  });

  it("an id with a NUL byte → INVALID_INPUT (refused before parsing)", async () => {
    const id = "0b5e1d7a-0000-4000-8000-00000000a00\u0000";
    const { body } = await post(
      { query: bookingQuery, variables: { id } },
      { authorization: `Bearer ${agent}` },
    );
    expect(codesOf(body)).toEqual(["INVALID_INPUT"]);
  });

  it("a non-UUID id literal → INVALID_ID", async () => {
    const { body } = await post(
      { query: `{ booking(id: "1") { __typename } }` },
      { authorization: `Bearer ${agent}` },
    );
    expect(body.data ?? null).toBeNull();
    expect(codesOf(body)).toEqual(["INVALID_ID"]);
    expect(body.errors?.[0]?.message).toMatch(/UUID/);
  });

  it.each([
    ["a NUL byte", "Deal\u0000"],
    ["a lone surrogate", "Deal \uD800"],
    ["a 257-character title", "x".repeat(257)],
  ])("text with %s → INVALID_INPUT", async (_name, title) => {
    const { body } = await post(
      {
        query: `mutation($t: String!) { createDeal(title: $t) { __typename ... on Error { code } } }`,
        variables: { t: title },
      },
      { authorization: `Bearer ${agent}` },
    );
    expect(JSON.stringify(body)).not.toContain("INTERNAL_SERVER_ERROR");
    expect(resultCode(body, "createDeal")).toBe("INVALID_INPUT");
  });

  it("a string over 10,000 characters in any argument → INVALID_INPUT", async () => {
    const { body } = await post(
      {
        query: `query($c: String) { deals(first: 1, after: $c) { edges { cursor } } }`,
        variables: { c: "x".repeat(10_001) },
      },
      { authorization: `Bearer ${agent}` },
    );
    expect(codesOf(body)).toEqual(["INVALID_INPUT"]);
  });

  it("a price that overflows numeric(14,2) → a validation error", async () => {
    const { body } = await post(
      {
        query: `mutation($id: ID!) { changePropertyObjectPrice(id: $id, price: "99999999999999999999.99") { __typename ... on Error { code } } }`,
        variables: { id: structure.objectIds[0] },
      },
      { authorization: `Bearer ${manager}` },
    );
    expect(JSON.stringify(body)).not.toContain("INTERNAL_SERVER_ERROR");
    expect(body.errors?.[0]?.message).toMatch(/15 integer and 6 fraction digits/);
  });

  it("a price within the type but above numeric(14,2) → CHESSBOARD_INVALID_INPUT", async () => {
    const { body } = await post(
      {
        query: `mutation($id: ID!) { changePropertyObjectPrice(id: $id, price: "1000000000000.00") { __typename ... on Error { code } } }`,
        variables: { id: structure.objectIds[0] },
      },
      { authorization: `Bearer ${manager}` },
    );
    expect(resultCode(body, "changePropertyObjectPrice")).toBe("CHESSBOARD_INVALID_INPUT");
  });

  it("a very deep list literal is refused", async () => {
    const deep = `${"[".repeat(500)}"x"${"]".repeat(500)}`;
    const { body } = await post(
      { query: `{ bookings(first: 1, filter: { status: ${deep} }) { edges { cursor } } }` },
      { authorization: `Bearer ${agent}` },
    );
    expect(JSON.stringify(body)).not.toContain("INTERNAL_SERVER_ERROR");
    expect(body.errors?.length).toBeGreaterThan(0);
  });

  it("a body above the size limit is refused with 413 before it is read", async () => {
    const { status, body } = await post({ query: bookingQuery, variables: { id: "7".repeat(5_000_000) } });
    expect(status).toBe(413);
    expect(codesOf(body)).toEqual(["REQUEST_TOO_LARGE"]);
  });
});

/** A raw graphql-transport-ws socket: resolves with the first message or the close code. */
function rawSocket(token: string | null): Promise<{ socket: WebSocket; acked: boolean; closeCode?: number }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(t.wsUrl, "graphql-transport-ws");
    socket.once("open", () =>
      socket.send(
        JSON.stringify({
          type: "connection_init",
          payload: token ? { authorization: `Bearer ${token}` } : {},
        }),
      ),
    );
    socket.once("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      resolve({ socket, acked: message.type === "connection_ack" });
    });
    socket.once("close", (code) => resolve({ socket, acked: false, closeCode: code }));
  });
}

function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve(-1);
    socket.once("close", (code) => resolve(code));
  });
}

describe("8. WebSocket limits", () => {
  it(`a frame above ${LIMITS.wsMaxPayloadBytes} bytes closes the connection (1009) instead of being buffered`, async () => {
    const { socket, acked } = await rawSocket(agent);
    expect(acked).toBe(true);
    const code = closed(socket);
    socket.send(
      JSON.stringify({
        id: "1",
        type: "subscribe",
        payload: { query: `{ viewer { userId } } #${"x".repeat(200_000)}` },
      }),
    );
    expect(await code).toBe(1009);
  });

  it("a user's connections above the cap are refused (4429)", async () => {
    const user = await t.tokenFor("investor", { userId: randomUUID() });
    const first = await rawSocket(user);
    const second = await rawSocket(user);
    const third = await rawSocket(user);
    expect([first.acked, second.acked, third.acked]).toEqual([true, true, false]);
    expect(third.closeCode).toBe(4429);
    first.socket.close();
    await closed(first.socket);
    const again = await rawSocket(user);
    expect(again.acked).toBe(true);
    second.socket.close();
    again.socket.close();
  });

  it("a user's subscriptions above the cap are refused with TOO_MANY_SUBSCRIPTIONS", async () => {
    const user = await t.tokenFor("agent", { userId: randomUUID() });
    const { socket, acked } = await rawSocket(user);
    expect(acked).toBe(true);
    const errors: unknown[] = [];
    const snapshots = new Set<string>();
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { id: string; type: string; payload: unknown };
      if (message.type === "error") errors.push(message.payload);
      if (message.type === "next") snapshots.add(message.id);
    });
    const query = `subscription($b: ID!) { chessboardUpdates(buildingId: $b) { __typename } }`;
    for (let i = 1; i <= 4; i++)
      socket.send(
        JSON.stringify({
          id: String(i),
          type: "subscribe",
          payload: { query, variables: { b: structure.buildingId } },
        }),
      );
    await expect.poll(() => snapshots.size + errors.length, { timeout: 10_000 }).toBe(4);
    expect(snapshots.size).toBe(3);
    expect(JSON.stringify(errors)).toContain("TOO_MANY_SUBSCRIPTIONS");
    // completing one frees a slot
    socket.send(JSON.stringify({ id: "1", type: "complete" }));
    socket.send(
      JSON.stringify({
        id: "5",
        type: "subscribe",
        payload: { query, variables: { b: structure.buildingId } },
      }),
    );
    await expect.poll(() => snapshots.has("5"), { timeout: 10_000 }).toBe(true);
    socket.close();
  });

  it("an operation over graphql-ws with a required variable missing gets BAD_USER_INPUT, as over HTTP", async () => {
    const { socket } = await rawSocket(agent);
    const reply = new Promise<{ type: string; payload: unknown }>((resolve) =>
      socket.once("message", (data) =>
        resolve(JSON.parse(String(data)) as { type: string; payload: unknown }),
      ),
    );
    socket.send(
      JSON.stringify({
        id: "1",
        type: "subscribe",
        payload: { query: `subscription($b: ID!) { chessboardUpdates(buildingId: $b) { __typename } }` },
      }),
    );
    const message = await reply;
    expect(JSON.stringify(message.payload)).toContain("BAD_USER_INPUT");
    socket.close();
  });

  it("an operation over graphql-ws with a malformed document gets an error, the socket stays open", async () => {
    const { socket } = await rawSocket(agent);
    const reply = new Promise<{ type: string }>((resolve) =>
      socket.once("message", (data) => resolve(JSON.parse(String(data)) as { type: string })),
    );
    socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "{ viewer { " } }));
    expect((await reply).type).toBe("error");
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });
});

describe("9. CSRF: only JSON POSTs are executed", () => {
  it.each([
    ["form-encoded", "application/x-www-form-urlencoded", "query=%7B%20viewer%20%7B%20userId%20%7D%20%7D"],
    [
      "multipart",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="query"\r\n\r\n{ viewer { userId } }\r\n--x--',
    ],
    ["text/plain", "text/plain", '{"query":"{ viewer { userId } }"}'],
  ])("a %s POST is refused with 415", async (_name, contentType, body) => {
    const response = await fetch(t.url, { method: "POST", headers: { "content-type": contentType }, body });
    expect(response.status).toBe(415);
    expect(((await response.json()) as GqlBody).errors?.[0]?.extensions?.code).toBe(
      "UNSUPPORTED_CONTENT_TYPE",
    );
  });

  it("a JSON POST is served", async () => {
    expect((await post({ query: "{ viewer { userId } }" })).status).toBe(200);
  });
});
