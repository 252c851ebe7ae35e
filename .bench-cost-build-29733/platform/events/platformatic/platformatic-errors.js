import { classifyKafkaError } from "../kafka/kafka-errors.js";
const CODE_AS_TYPE = {
  PLT_KFK_NETWORK: "NETWORK_EXCEPTION",
  PLT_KFK_AUTHENTICATION: "SASL_AUTHENTICATION_FAILED",
  // Ours (deadline.ts, decision 0523): a call abandoned at its deadline, a member that stopped fetching
  KAFKA_CLIENT_DEADLINE: "REQUEST_TIMED_OUT",
  KAFKA_MEMBER_STALLED: "REQUEST_TIMED_OUT"
};
const MAX_DEPTH = 6;
const MAX_INNER = 10;
function reshape(error, depth, seen) {
  if (!error || typeof error !== "object" || depth > MAX_DEPTH || seen.has(error)) return void 0;
  seen.add(error);
  const e = error;
  const code = typeof e.code === "string" ? e.code : void 0;
  const type = typeof e.apiId === "string" ? e.apiId : code !== void 0 ? CODE_AS_TYPE[code] : void 0;
  const errors = Array.isArray(e.errors) ? e.errors.slice(0, MAX_INNER).map((inner) => reshape(inner, depth + 1, seen)) : void 0;
  return {
    name: e.name,
    message: e.message,
    // A platformatic code is not a socket code: kept out so CONNECTION_NOT_YET_CODES reads only those
    code: code?.startsWith("PLT_KFK_") ? void 0 : code,
    type,
    cause: reshape(e.cause, depth + 1, seen),
    errors
  };
}
function classifyPlatformaticError(error) {
  return classifyKafkaError(reshape(error, 0, /* @__PURE__ */ new Set()) ?? error);
}
function isPlatformaticClientError(error) {
  for (let e = error, depth = 0; e && typeof e === "object" && depth <= MAX_DEPTH; depth++) {
    const code = e.code;
    if (typeof code === "string" && code.startsWith("PLT_KFK_")) return true;
    e = e.cause;
  }
  return false;
}
export {
  classifyPlatformaticError,
  isPlatformaticClientError
};
//# sourceMappingURL=platformatic-errors.js.map
