import { isKafkaClientError } from "./kafka/kafka-errors.js";
import { isPlatformaticClientError } from "./platformatic/platformatic-errors.js";
const CLIENT_CODE = ["/node_modules/kafkajs/", "/node_modules/@platformatic/kafka/"];
const MAX_STACK_SCAN = 4096;
function throwSite(error) {
  if (!(error instanceof Error) || typeof error.stack !== "string") return null;
  const stack = error.stack.slice(0, MAX_STACK_SCAN);
  const frame = stack.split("\n").find((line) => line.trimStart().startsWith("at "));
  return frame ?? null;
}
function isKafkaClientFault(error) {
  if (isKafkaClientError(error) || isPlatformaticClientError(error)) return true;
  const site = throwSite(error);
  return site !== null && CLIENT_CODE.some((dir) => site.includes(dir));
}
export {
  isKafkaClientFault
};
//# sourceMappingURL=client-fault.js.map
