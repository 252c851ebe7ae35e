import { ConfigError } from "../../../config/settings.js";
import { counter } from "../../../metrics/registry.js";
import { backoffDelayMs } from "../../../startup/retry-until-ready.js";
import { logConsumerFailure } from "../../kafka-security-faults.js";
import { createSleeper } from "../../sleep.js";
const RESTART_BACKOFF = { minMs: 500, maxMs: 1e4 };
function supervise(spec) {
  const restarts = counter(
    spec.metrics,
    "pin_kafka_consumer_restarts_total",
    "Kafka consumers replaced by a fresh one after a failed start or a crash",
    ["runner", "kind"]
  );
  const sleeper = createSleeper();
  const s = {
    status: "stopped",
    current: null,
    stopped: false,
    loop: null,
    stopping: Promise.resolve(null),
    signalStop: () => {
    },
    failures: 0,
    ran: false
  };
  async function loop(joinedOnce, fatal) {
    s.failures = 0;
    s.ran = false;
    while (!s.stopped) {
      const member = spec.create();
      s.current = member;
      try {
        await runOne(spec, s, member, joinedOnce);
      } catch (error) {
        if (s.stopped) break;
        await member.stop(true);
        s.current = null;
        const delayMs = afterFailure(spec, s, restarts, error, fatal);
        if (delayMs === null) return;
        await sleeper.sleep(delayMs);
      }
    }
    await s.current?.stop(false);
  }
  return {
    start() {
      if (s.loop) return Promise.resolve();
      s.stopped = false;
      s.status = "starting";
      s.stopping = new Promise((resolve) => {
        s.signalStop = () => resolve(null);
      });
      return new Promise((resolve, reject) => {
        s.loop = loop(resolve, reject);
        void s.stopping.then(() => resolve());
      });
    },
    async stop() {
      if (!s.loop) return;
      s.stopped = true;
      s.signalStop();
      sleeper.wake();
      await s.current?.stop(false);
      await s.loop;
      s.loop = null;
      s.current = null;
      s.status = "stopped";
    },
    current: () => s.current,
    status: () => s.status
  };
}
async function runOne(spec, s, member, joinedOnce) {
  await Promise.race([member.joined, s.stopping]);
  if (s.stopped) return;
  spec.broker.connected = true;
  spec.broker.security?.cleared();
  s.status = "running";
  s.failures = 0;
  s.ran = true;
  joinedOnce();
  await Promise.race([member.done, s.stopping]);
  if (s.stopped) return;
  throw new Error("kafka group member ended by itself");
}
function afterFailure(spec, s, restarts, error, fatal) {
  const verdict = spec.classify(error);
  if (verdict.kind === "configuration" && !spec.broker.connected) {
    s.current = null;
    s.status = "stopped";
    fatal(new ConfigError(verdict.setting, verdict.reason));
    return null;
  }
  s.failures += 1;
  restarts.inc({ runner: spec.name, kind: verdict.kind });
  s.status = s.ran ? "restarting" : "starting";
  const delayMs = backoffDelayMs(s.failures, RESTART_BACKOFF);
  const entry = { runner: spec.name, failures: s.failures, delayMs, reason: verdict.reason, err: error };
  logConsumerFailure(spec.log, spec.broker.security, verdict, entry);
  spec.onRestart?.();
  return delayMs;
}
export {
  supervise
};
//# sourceMappingURL=2-supervise.js.map
