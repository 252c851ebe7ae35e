import { isDomainError } from "../../errors/domain-error.js";
import { classifyDefault } from "./classify-error.js";
import { DEFAULT_RETRY_POLICY } from "./retry-policy.js";
import { postgresScope } from "./scope.js";
import { ConcurrencyConflictError, classifyDefault as classifyDefault2, errorCodeOf } from "./classify-error.js";
import { DEFAULT_RETRY_POLICY as DEFAULT_RETRY_POLICY2 } from "./retry-policy.js";
import {
  pgScope,
  postgresScope as postgresScope2,
  sinkScope
} from "./scope.js";
function defineConsumer(def) {
  if (!def.group) throw new Error("defineConsumer: group is required");
  for (const name of Object.values(def.specMetrics ?? {}))
    if (!/^[a-z_][a-z0-9_]*$/.test(name))
      throw new Error(`defineConsumer(${def.group}): "${name}" is not a valid metric name`);
  if (subscribedTopics(def).length === 0)
    throw new Error(`defineConsumer(${def.group}): no topics`);
  for (const topic of Object.keys(def.readers ?? {})) {
    if (!subscribedTopics(def).includes(topic))
      throw new Error(`defineConsumer(${def.group}): a reader contract for ${topic}, which it does not read`);
    if (def.readers?.[topic]?.topic !== topic)
      throw new Error(
        `defineConsumer(${def.group}): the reader contract under ${topic} is for another topic`
      );
  }
  if (def.handlers && def.handleBatch) {
    throw new Error(`defineConsumer(${def.group}): handlers and handleBatch are exclusive`);
  }
  const size = def.batch?.maxMessages;
  if (size !== void 0 && (!Number.isInteger(size) || size < 1 || size > 1e4)) {
    throw new Error(`defineConsumer(${def.group}): batch.maxMessages must be 1..10000`);
  }
  if (def.ordering?.batchFlow === "pipelined" && (!def.handleBatch || def.ordering.keyOrder !== "irrelevant")) {
    throw new Error(
      `defineConsumer(${def.group}): batchFlow "pipelined" needs handleBatch and keyOrder "irrelevant" (decision 0217)`
    );
  }
  return def;
}
function subscribedTopics(def) {
  return def.handleBatch ? [...def.topics ?? []] : Object.keys(def.handlers ?? {});
}
function scopeOf(def) {
  return def.scope ?? postgresScope();
}
function retryPolicyOf(def) {
  return { ...DEFAULT_RETRY_POLICY, ...def.policy?.retry };
}
function classifyFor(def, error) {
  const policy = def.policy;
  const own = policy?.classifyError?.(error);
  if (own) return own;
  if (isDomainError(error)) {
    if (policy?.nonRetriableCodes?.includes(error.code)) return "non-retriable";
    if (policy?.retriableCodes?.includes(error.code)) return "retriable";
  }
  return classifyDefault(error);
}
export {
  ConcurrencyConflictError,
  DEFAULT_RETRY_POLICY2 as DEFAULT_RETRY_POLICY,
  classifyDefault2 as classifyDefault,
  classifyFor,
  defineConsumer,
  errorCodeOf,
  pgScope,
  postgresScope2 as postgresScope,
  retryPolicyOf,
  scopeOf,
  sinkScope,
  subscribedTopics
};
//# sourceMappingURL=definition.js.map
