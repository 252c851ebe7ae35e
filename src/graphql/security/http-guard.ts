import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import {
  forwardedChain,
  resolveClientAddress,
  type TrustProxy,
  xForwardedForChain,
} from "../../platform/config/trusted-proxies.js";
import { LIMITS } from "./limits.js";

export interface ProxySettings {
  readonly trustProxy: TrustProxy;
  readonly trustProxyHeader: "x-forwarded-for" | "forwarded";
}

/**
 * The caller's address: the socket's peer, or — behind trusted proxies — the right-most hop of the
 * configured forwarding header that is not one of them (issue #25 item 2; the left-most entry is
 * whatever the client wrote). Computed once per request (cached on the request).
 */
export function clientAddress(req: IncomingMessage, proxy: ProxySettings): string {
  const cached = addresses.get(req);
  if (cached !== undefined) return cached;
  const header = req.headers[proxy.trustProxyHeader];
  const chain =
    proxy.trustProxy.kind === "none"
      ? []
      : proxy.trustProxyHeader === "forwarded"
        ? forwardedChain(header)
        : xForwardedForChain(header);
  const address = resolveClientAddress(req.socket.remoteAddress, chain, proxy.trustProxy);
  addresses.set(req, address);
  return address;
}
const addresses = new WeakMap<IncomingMessage, string>();

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
