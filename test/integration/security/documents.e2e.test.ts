import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createMemoryLogger } from "../../../src/platform/log/logger.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { requireService } from "../../support/services.js";
import { wsConnect } from "./live-clients.js";

await requireService("postgres");

type Body = { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> };
const codes = (body: Body) => (body.errors ?? []).map((e) => e.extensions?.code);

async function post(t: TestApp, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(t.url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/** A 5,000-deep nested list literal: 10 KB, within the body limit. */
const DEEP_LIST = `{ lots(filter: { projectIds: ${"[".repeat(5_000)}${"]".repeat(5_000)} }) { totalCount } }`;

/** The operation's error over a raw graphql-ws socket (or the close, when the socket died instead). */
async function wsOperation(t: TestApp, token: string, query: string) {
  const ws = await wsConnect(t.wsUrl, token);
  ws.subscribe("1", query, {});
  const deadline = Date.now() + 5_000;
  while (!ws.messages.some((m) => m.id === "1" && (m.type === "error" || m.type === "complete"))) {
    const closed = await Promise.race([ws.closed, new Promise<null>((r) => setTimeout(() => r(null), 25))]);
    if (closed) return { closed, message: null, ws };
    if (Date.now() > deadline) throw new Error("no answer");
  }
  return { closed: null, message: ws.messages.find((m) => m.id === "1")!, ws };
}

describe("issue #25 lower items: documents that break parsers or sockets", () => {
  let t: TestApp;
  let agent: string;
  const memory = createMemoryLogger();
  beforeAll(async () => {
    t = await startTestApp({ roles: ["api"], log: memory.logger });
    agent = await t.tokenFor("agent");
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("HTTP: a 5,000-deep nested list literal is a typed DOCUMENT_TOO_DEEP error (400), not a stack overflow", async () => {
    const { status, body } = await post(t, { query: DEEP_LIST });
    expect(status).toBe(400);
    expect(codes(body)).toEqual(["DOCUMENT_TOO_DEEP"]);
    expect(JSON.stringify(memory.entries)).not.toContain('"err":{}');
  });

  it("graphql-ws: the same document fails that operation with DOCUMENT_TOO_DEEP; the socket stays open", async () => {
    const { closed, message, ws } = await wsOperation(t, agent, DEEP_LIST);
    expect(closed).toBeNull();
    expect(JSON.stringify(message?.payload)).toContain("DOCUMENT_TOO_DEEP");
    expect(ws.socket.readyState).toBe(WebSocket.OPEN);
    ws.socket.close();
  });

  it("graphql-ws: a depth or alias violation fails that one operation, not the socket", async () => {
    const deep = `{ viewer ${"{ userId ".repeat(1)}} a: viewer { userId } ${Array.from({ length: 20 }, (_, i) => `x${i}: viewer { userId }`).join(" ")} }`;
    const aliases = await wsOperation(t, agent, deep);
    expect(aliases.closed).toBeNull();
    expect(aliases.message?.type).toBe("error");
    expect(JSON.stringify(aliases.message?.payload)).toMatch(/aliases/i);
    expect(aliases.ws.socket.readyState).toBe(WebSocket.OPEN);
    aliases.ws.socket.close();

    const nested = `{ ${'__type(name: "Query") { fields { type { ofType { '.repeat(3)} name ${"} } } }".repeat(3)} }`;
    const depth = await wsOperation(t, agent, nested);
    expect(depth.closed).toBeNull();
    expect(depth.message?.type).toBe("error");
    expect(depth.ws.socket.readyState).toBe(WebSocket.OPEN);
    depth.ws.socket.close();
  });
});

describe("issue #25 lower items: persisted operations (Yoga's conventions) over HTTP and graphql-ws", () => {
  let t: TestApp;
  let agent: string;
  const query = "query Me { viewer { userId } }";
  const subscription = "subscription Inbox { notificationAdded { id } }";
  const sha = (text: string) => createHash("sha256").update(text).digest("hex");
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "pin-persisted-"));
    const manifest = join(dir, "operations.json");
    writeFileSync(manifest, JSON.stringify({ [sha(query)]: query, [sha(subscription)]: subscription }));
    t = await startTestApp({ roles: ["api"], env: { PIN_GRAPHQL_PERSISTED_OPERATIONS: manifest } });
    agent = await t.tokenFor("agent");
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("HTTP: documentId (plain or sha256:-prefixed) and the persistedQuery extension run the operation", async () => {
    for (const body of [
      { documentId: sha(query) },
      { documentId: `sha256:${sha(query)}` },
      { extensions: { persistedQuery: { version: 1, sha256Hash: sha(query) } } },
    ]) {
      const { body: answer } = await post(t, body, { authorization: `Bearer ${agent}` });
      expect(answer.errors).toBeUndefined();
      expect(answer).toMatchObject({ data: { viewer: { userId: expect.any(String) } } });
    }
  });

  it("HTTP: the error codes of docs/guide/errors.md — unknown id, no id, a document sent", async () => {
    expect(codes((await post(t, { documentId: sha("nope") })).body)).toEqual(["PERSISTED_QUERY_NOT_IN_LIST"]);
    expect(codes((await post(t, { variables: {} })).body)).toEqual(["PERSISTED_QUERY_ID_REQUIRED"]);
    expect(codes((await post(t, { query })).body)).toEqual(["CANNOT_SEND_PQ_ID_AND_BODY"]);
  });

  it("graphql-ws (a real client): a persisted subscription without a query field starts; the socket stays for the next one", async () => {
    const client = createClient({
      url: t.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${agent}` },
      retryAttempts: 0,
      // the client requires a query string; the wire message carries none (persisted documents)
      jsonMessageReplacer: (key, value) => (key === "query" && value === "" ? undefined : value),
    });
    const started = await new Promise<string>((resolve) => {
      const stop = client.subscribe(
        { query: "", extensions: { persistedQuery: { version: 1, sha256Hash: sha(subscription) } } },
        {
          next: () => {},
          error: (e) => resolve(`error ${JSON.stringify(e)}`),
          complete: () => resolve("complete"),
        },
      );
      // a started subscription waits for events: no error within a moment is a start
      setTimeout(() => {
        stop();
        resolve("started");
      }, 500);
    });
    expect(started).toBe("started");

    const answer = await new Promise<unknown>((resolve, reject) => {
      client.subscribe({ query: "", documentId: sha(query) } as never, {
        next: resolve,
        error: reject,
        complete: () => {},
      });
    });
    expect(answer).toMatchObject({ data: { viewer: { userId: expect.any(String) } } });

    const refused = await new Promise<unknown>((resolve) => {
      client.subscribe({ query: "", documentId: sha("nope") } as never, {
        next: () => {},
        error: resolve,
        complete: () => resolve("complete"),
      });
    });
    expect(JSON.stringify(refused)).toContain("PERSISTED_QUERY_NOT_IN_LIST");
    await client.dispose();
  });
});
