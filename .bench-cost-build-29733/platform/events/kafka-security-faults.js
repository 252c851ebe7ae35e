class ReportedKafkaFault extends Error {
  constructor(setting, reason) {
    super(`Kafka refused the connection: ${reason}`);
    this.setting = setting;
    this.reason = reason;
    this.name = "ReportedKafkaFault";
  }
  setting;
  reason;
  code = "KAFKA_SECURITY_REFUSED";
}
function isReportedKafkaFault(error) {
  return error instanceof ReportedKafkaFault;
}
function createSecurityFaults(log) {
  const state = { standing: null, repeats: 0 };
  const faults = {
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
        `Kafka refused the connection: ${verdict.reason}; retrying with backoff, not ready until it is fixed`
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
    }
  };
  return faults;
}
function reportSecurityFaults(faults, classify, publisher) {
  const publish = publisher.publish.bind(publisher);
  return {
    close: () => publisher.close(),
    async publish(messages, tx) {
      try {
        await publish(messages, tx);
      } catch (error) {
        throw faults.rethrow(error, classify(error), "relay");
      }
    }
  };
}
function logConsumerFailure(log, security, verdict, entry) {
  const message = "kafka consumer failed; a fresh one follows after a pause";
  if (verdict.kind === "security" && security) {
    security.report(verdict, entry.runner);
    const { err: _err, ...quiet } = entry;
    log.debug(quiet, message);
  } else if (verdict.kind === "unexpected") log.error(entry, message);
  else log.warn(entry, message);
}
export {
  ReportedKafkaFault,
  createSecurityFaults,
  isReportedKafkaFault,
  logConsumerFailure,
  reportSecurityFaults
};
//# sourceMappingURL=kafka-security-faults.js.map
