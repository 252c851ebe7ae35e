import type { Logger } from "../log/logger.js";
import type { KafkaErrorVerdict } from "./kafka/kafka-errors.js";
import type { Publisher } from "./transport/transport.js";

type SecurityVerdict = Extract<KafkaErrorVerdict, { kind: "security" }>;

/**
 * A broker that refuses our credentials or a certificate we do not trust fails every client of the
 * transport at once — the admin, the relay's producer, each consumer group and broadcast consumer —
 * and again at every retry. It is reported here once, as one error line naming the setting and the
 * reason (no stack, never a secret), and at debug level after that, until a client succeeds again
 * (issue #41, decision 0545). The callers retry with their bounded backoffs; /readyz stays false.
 */
export interface SecurityFaults {
  report(verdict: SecurityVerdict, source: string): void;
  /** A client reached the broker: the next fault is reported again */
  cleared(): void;
  /** The reason of the fault standing, or null */
  standing(): string | null;
  /** `error` as the transport throws it on: a ReportedKafkaFault when it is a security fault */
  rethrow(error: unknown, verdict: KafkaErrorVerdict, source: string): unknown;
}

/** A security fault already reported once: callers log it at debug level, without a stack. */
export class ReportedKafkaFault extends Error {
  readonly code = "KAFKA_SECURITY_REFUSED";
  constructor(
    readonly setting: string,
    readonly reason: string,
  ) {
    super(`Kafka refused the connection: ${reason}`);
    this.name = "ReportedKafkaFault";
  }
}

export function isReportedKafkaFault(error: unknown): error is ReportedKafkaFault {
  return error instanceof ReportedKafkaFault;
}

export function createSecurityFaults(log: Logger): SecurityFaults {
  const state = { standing: null as string | null, repeats: 0 };
  const faults: SecurityFaults = {
    report(verdict, source) {
      if (state.standing === verdict.reason) {
        state.repeats += 1;
        log.debug({ source, setting: verdict.setting, repeats: state.repeats }, "Kafka security fault again");
        return;
      }
      state.standing = verdict.reason;
      state.repeats = 0;
      log.error(
        { dependency: "Kafka broker", setting: verdict.setting, reason: verdict.reason, source },
        `Kafka refused the connection: ${verdict.reason}; retrying with backoff, not ready until it is fixed`,
      );
    },
    cleared() {
      if (state.standing === null) return;
      log.info({ dependency: "Kafka broker", after: state.repeats + 1 }, "Kafka security fault cleared");
      state.standing = null;
      state.repeats = 0;
    },
    standing: () => state.standing,
    rethrow(error, verdict, source) {
      if (verdict.kind !== "security") return error;
      faults.report(verdict, source);
      return new ReportedKafkaFault(verdict.setting, verdict.reason);
    },
  };
  return faults;
}

/** The relay's publisher whose security faults are reported once and rethrown as ReportedKafkaFault */
export function reportSecurityFaults(
  faults: SecurityFaults,
  classify: (error: unknown) => KafkaErrorVerdict,
  publisher: Publisher & { close(): Promise<void> },
): Publisher & { close(): Promise<void> } {
  const publish = publisher.publish.bind(publisher);
  return {
    close: () => publisher.close(),
    async publish(messages, tx) {
      try {
        await publish(messages, tx);
      } catch (error) {
        throw faults.rethrow(error, classify(error), "relay");
      }
    },
  };
}

/**
 * A supervised consumer's failure in the log (both adapters' supervisors): a security fault through
 * `security` (one line for the whole transport), an unexpected one as an error, the rest as warnings.
 */
export function logConsumerFailure(
  log: Logger,
  security: SecurityFaults | undefined,
  verdict: KafkaErrorVerdict,
  entry: { runner: string; failures: number; delayMs: number; reason: string; err: unknown },
): void {
  const message = "kafka consumer failed; a fresh one follows after a pause";
  if (verdict.kind === "security" && security) {
    security.report(verdict, entry.runner);
    const { err: _err, ...quiet } = entry;
    log.debug(quiet, message);
  } else if (verdict.kind === "unexpected") log.error(entry, message);
  else log.warn(entry, message);
}
