import { randomUUID } from "node:crypto";
import {
  forwardedChain,
  resolveClientAddress,
  xForwardedForChain
} from "../../platform/config/trusted-proxies.js";
import { LIMITS } from "./limits.js";
function clientAddress(req, proxy) {
  const cached = addresses.get(req);
  if (cached !== void 0) return cached;
  const header = req.headers[proxy.trustProxyHeader];
  const chain = proxy.trustProxy.kind === "none" ? [] : proxy.trustProxyHeader === "forwarded" ? forwardedChain(header) : xForwardedForChain(header);
  const address = resolveClientAddress(req.socket.remoteAddress, chain, proxy.trustProxy);
  addresses.set(req, address);
  return address;
}
const addresses = /* @__PURE__ */ new WeakMap();
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
function requestIdOf(header) {
  return header && REQUEST_ID.test(header) ? header : randomUUID();
}
const JSON_TYPES = /* @__PURE__ */ new Set(["application/json", "application/graphql-response+json"]);
function httpRefusal(req) {
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
      message: "POST a JSON body with Content-Type: application/json"
    };
  }
  const declared = req.headers["content-length"];
  if (declared === void 0) {
    return {
      status: 411,
      code: "LENGTH_REQUIRED",
      reason: "length_required",
      message: "Send Content-Length (chunked bodies are not accepted)"
    };
  }
  const length = Number(declared);
  if (!Number.isSafeInteger(length) || length > LIMITS.maxBodyBytes) {
    return {
      status: 413,
      code: "REQUEST_TOO_LARGE",
      reason: "too_large",
      message: `The body is larger than ${LIMITS.maxBodyBytes} bytes`
    };
  }
  return null;
}
export {
  clientAddress,
  httpRefusal,
  requestIdOf
};
//# sourceMappingURL=http-guard.js.map
