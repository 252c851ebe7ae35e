import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { LIMITS } from "./limits.js";

/** The caller's address: the socket's, or the first X-Forwarded-For entry behind a trusted proxy. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first && first.length <= 64) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A client's X-Request-Id is logged only when short and plain; otherwise a fresh one. */
export function requestIdOf(header: string | null | undefined): string {
  return header && REQUEST_ID.test(header) ? header : randomUUID();
}

const JSON_TYPES = new Set(["application/json", "application/graphql-response+json"]);

export interface HttpRefusal {
  readonly status: number;
  readonly code: string;
  readonly reason: string;
  readonly message: string;
}

/**
 * Checks before yoga reads a byte of the body (issue #13 items 5 and 9): POST must be JSON — a
 * browser cannot send that cross-site without a CORS preflight, so form-encoded and multipart
 * posts (CSRF) are refused — and must declare a Content-Length within the body limit.
 */
export function httpRefusal(req: IncomingMessage): HttpRefusal | null {
  const method = req.method ?? "GET";
  if (method === "OPTIONS") return null;
  if (method === "GET") {
    if ((req.url ?? "").length > LIMITS.maxBodyBytes)
      return { status: 414, code: "REQUEST_TOO_LARGE", reason: "too_large", message: "URL too long" };
    return null;
  }
  if (method !== "POST")
    return { status: 405, code: "METHOD_NOT_ALLOWED", reason: "method", message: "Use GET or POST" };
  const mediaType = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!JSON_TYPES.has(mediaType)) {
    return {
      status: 415,
      code: "UNSUPPORTED_CONTENT_TYPE",
      reason: "content_type",
      message: "POST a JSON body with Content-Type: application/json",
    };
  }
  const declared = req.headers["content-length"];
  if (declared === undefined) {
    return {
      status: 411,
      code: "LENGTH_REQUIRED",
      reason: "length_required",
      message: "Send Content-Length (chunked bodies are not accepted)",
    };
  }
  const length = Number(declared);
  if (!Number.isSafeInteger(length) || length > LIMITS.maxBodyBytes) {
    return {
      status: 413,
      code: "REQUEST_TOO_LARGE",
      reason: "too_large",
      message: `The body is larger than ${LIMITS.maxBodyBytes} bytes`,
    };
  }
  return null;
}
