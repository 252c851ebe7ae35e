import { isKafkaClientError } from "./kafka/kafka-errors.js";
import { isPlatformaticClientError } from "./platformatic/platformatic-errors.js";

/** The Kafka clients' own code: a throw whose first stack frame is here came from inside the client */
const CLIENT_CODE = ["/node_modules/kafkajs/", "/node_modules/@platformatic/kafka/"] as const;
const MAX_STACK_SCAN = 4_096;

/** The file of the innermost stack frame ("at fn (file:line:col)" / "at file:line:col"), if any */
function throwSite(error: unknown): string | null {
  if (!(error instanceof Error) || typeof error.stack !== "string") return null;
  const stack = error.stack.slice(0, MAX_STACK_SCAN);
  const frame = stack.split("\n").find((line) => line.trimStart().startsWith("at "));
  return frame ?? null;
}

/**
 * True for an error a Kafka client raised or threw from its own socket or timer callback
 * (decision 0521): kafkajs' and @platformatic/kafka's error classes, and any error — a TypeError
 * included — thrown by the clients' own code. @platformatic/kafka 2.12 throws "Cannot read
 * properties of undefined (reading 'partitionsCount')" from a produce callback when a metadata
 * answer lacks the topic (a broker of a 3-node cluster killed): uncaught, it ended the workers
 * process and with it the outbox relay (the loaded cluster trial of decision 0498). Such an error
 * never reaches the send's callback; the relay's publish deadline (0499) replaces the producer, and
 * the consumers' supervisors and watches replace theirs, so the process lives on.
 */
export function isKafkaClientFault(error: unknown): boolean {
  if (isKafkaClientError(error) || isPlatformaticClientError(error)) return true;
  const site = throwSite(error);
  return site !== null && CLIENT_CODE.some((dir) => site.includes(dir));
}
