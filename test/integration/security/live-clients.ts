import { createSecretKey, randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import WebSocket from "ws";
import type { UserRole } from "../../../src/platform/auth/viewer.js";
import { TEST_JWT_SECRET } from "../../support/app.js";

/** A token of ours that lives `seconds` (the test app verifies against the real time). */
export async function shortToken(
  seconds: number,
  role: UserRole = "agent",
  userId = randomUUID(),
): Promise<{ token: string; expiresAtMs: number }> {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  const token = await new SignJWT({ roles: [role], tenant: null })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer("pin-platform")
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(createSecretKey(Buffer.from(TEST_JWT_SECRET, "utf8")));
  return { token, expiresAtMs: exp * 1000 };
}

export interface SseStream {
  /** data of each `next` event, parsed */
  readonly events: Array<{
    data?: Record<string, unknown>;
    errors?: Array<{ extensions?: { code?: string } }>;
  }>;
  /** resolves with the instant the server ended the stream */
  readonly ended: Promise<number>;
  nextEvent(): Promise<SseStream["events"][number]>;
  abort(): void;
}

/** A GraphQL subscription over HTTP SSE (graphql-yoga's "distinct connections" mode). */
export async function sseSubscribe(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  token: string | null,
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "text/event-stream",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
    signal: controller.signal,
  });
  const events: SseStream["events"] = [];
  const waiters: Array<() => void> = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf("\n\n");
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split("\n");
          if (lines.includes("event: next")) {
            const data = lines.find((l) => l.startsWith("data: "))?.slice(6);
            if (data) events.push(JSON.parse(data));
            for (const wake of waiters.splice(0)) wake();
          }
          cut = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // aborted by the test
    }
    for (const wake of waiters.splice(0)) wake();
    return Date.now();
  })();
  let read = 0;
  return {
    events,
    ended,
    async nextEvent() {
      while (events.length <= read) {
        const more = new Promise<void>((resolve) => waiters.push(resolve));
        const finished = await Promise.race([more.then(() => false), ended.then(() => true)]);
        if (finished && events.length <= read) throw new Error("the stream ended");
      }
      return events[read++]!;
    },
    abort: () => controller.abort(),
  };
}

/** A raw graphql-transport-ws connection: its close code and reason, and when it closed. */
export async function wsConnect(
  url: string,
  token: string,
): Promise<{
  socket: WebSocket;
  closed: Promise<{ code: number; reason: string; at: number }>;
  subscribe(id: string, query: string, variables: Record<string, unknown>): void;
  messages: Array<{ id?: string; type: string; payload?: unknown }>;
}> {
  const socket = new WebSocket(url, "graphql-transport-ws");
  const messages: Array<{ id?: string; type: string; payload?: unknown }> = [];
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () =>
      socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } })),
    );
    socket.on("message", (raw) => {
      const message = JSON.parse(raw.toString()) as { id?: string; type: string; payload?: unknown };
      messages.push(message);
      if (message.type === "connection_ack") resolve();
    });
    socket.once("close", (code) => reject(new Error(`closed ${code} before ack`)));
  });
  return {
    socket,
    closed,
    messages,
    subscribe(id, query, variables) {
      socket.send(JSON.stringify({ id, type: "subscribe", payload: { query, variables } }));
    },
  };
}
