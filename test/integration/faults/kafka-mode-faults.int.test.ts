import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildMain } from "../../faults/rig/build-main.js";
import { type FaultRig, startFaultRig } from "../../faults/rig/fault-rig.js";
import { createChaos } from "../../faults/scenario/chaos.js";
import { faultsSettings } from "../../faults/scenario/faults-settings.js";
import { createOutage } from "../../faults/scenario/outage.js";
import {
  type PhaseReport,
  runPhase,
  type Session,
  startSession,
  summary,
} from "../../faults/scenario/run-stream.js";

/**
 * Issue #16, faults: PIN in Kafka mode, one role per process (two api, two consumers, two workers
 * processes), a seeded mixed stream through every role, then every read model compared with its
 * reference (test/faults/scenario/verify.ts). Runs on the suite's own PostgreSQL, Kafka broker and
 * ClickHouse server (decision 0180): the outages stop those, never the shared services. The phases
 * share one session (database, processes, ledger) and run in order; each verdict covers all the
 * session did so far. Sizes: test/faults/scenario/faults-settings.ts; bigger runs: docs/engineering/faults.md.
 */
const settings = faultsSettings();
const RESULTS = path.resolve(import.meta.dirname, "../../../test-results/faults");
const QUIESCENCE_TIMEOUT_MS = 300_000;
const PHASE_TIMEOUT_MS = 3_600_000;

function assertClean(report: PhaseReport): void {
  console.log(summary(report));
  expect(report.quiet, "quiescence reached").toBe(true);
  expect(report.verdict.lost, "lost").toEqual([]);
  expect(report.verdict.duplicated, "applied twice").toEqual([]);
  expect(report.verdict.stuck, "stuck").toEqual([]);
  expect(report.ledger.unexpected, "refusals the model did not expect").toEqual([]);
}

async function record(report: PhaseReport, extra: Record<string, unknown>): Promise<void> {
  await mkdir(RESULTS, { recursive: true });
  const v = report.verdict;
  const line = {
    at: new Date().toISOString(),
    phase: report.name,
    seed: report.seed,
    events: report.events,
    streamMs: report.streamMs,
    drainFromStreamEndMs: report.drainMs,
    verdict: {
      lost: v.lost.length,
      duplicated: v.duplicated.length,
      stuck: v.stuck.length,
      lim1: v.lim1.length,
    },
    compared: v.compared,
    resyncs: report.ledger.resyncs,
    ...extra,
  };
  await appendFile(path.join(RESULTS, "runs.jsonl"), `${JSON.stringify(line)}\n`);
}

describe(`faults in Kafka mode (seed ${settings.seed}; replay with PIN_FAULTS_SEED=${settings.seed})`, () => {
  let rig: FaultRig;
  let session: Session;
  let failed = false;
  afterEach((context) => {
    if (context.task.result?.state === "fail") failed = true;
  });

  beforeAll(async () => {
    // allSettled: a rig that started is stopped by afterAll even when the build failed.
    const [started, built] = await Promise.allSettled([startFaultRig(), buildMain()]);
    if (started.status === "rejected") throw started.reason;
    rig = started.value;
    if (built.status === "rejected") throw built.reason;
    session = await startSession({
      rig,
      mainModule: built.value,
      seed: settings.seed,
      lanes: settings.lanes,
      totalEvents: settings.events + 3 * settings.outageEvents,
    });
  }, 600_000);
  afterAll(async () => {
    await session?.stop();
    // A failed phase keeps the role processes' logs for whoever reads it next (the CI host's /tmp).
    await rig?.stop({ keep: failed });
  }, 120_000);

  it(
    `kill -9: ${settings.kills} SIGKILLs of random role processes over ${settings.events} events lose nothing, apply nothing twice, leave nothing stuck`,
    async () => {
      const chaos = createChaos(session.prng, session.processes, settings.kills, settings.events);
      const report = await runPhase(session, {
        name: "kill9",
        events: settings.events,
        fault: { onEvent: chaos.onEvent, done: chaos.settle },
        quiescenceTimeoutMs: QUIESCENCE_TIMEOUT_MS,
      });
      console.log(`[faults] kills: ${JSON.stringify(chaos.kills)}`);
      await record(report, { kills: chaos.kills });
      expect(chaos.kills.length).toBe(settings.kills);
      assertClean(report);
    },
    PHASE_TIMEOUT_MS,
  );

  const outages = [
    {
      name: "kafka",
      title: `Kafka stopped for ${settings.outageMs / 1000} s`,
      downMs: settings.outageMs,
      service: () => ({ down: () => rig.kafka.daemon.stop(), up: () => rig.kafka.daemon.start() }),
    },
    {
      name: "postgres",
      title: "PostgreSQL restarted",
      downMs: 0,
      service: () => ({ down: () => rig.postgres.restart(0), up: async () => {} }),
    },
    {
      name: "clickhouse",
      title: `ClickHouse stopped for ${settings.outageMs / 1000} s`,
      downMs: settings.outageMs,
      service: () => ({ down: () => rig.clickhouse.daemon.stop(), up: () => rig.clickhouse.daemon.start() }),
    },
  ] as const;

  for (const o of outages) {
    it(
      `${o.title} under load: recovers without a hand on it, loses nothing, and the backlog drains`,
      async () => {
        const outage = createOutage(Math.floor(settings.outageEvents * 0.3), o.downMs, o.service());
        const report = await runPhase(session, {
          name: `outage-${o.name}`,
          events: settings.outageEvents,
          fault: outage,
          quiescenceTimeoutMs: QUIESCENCE_TIMEOUT_MS,
        });
        const { downAt, backAt } = outage.timing;
        const downMs = downAt !== null && backAt !== null ? backAt - downAt : null;
        const drainFromBackMs = backAt !== null ? report.drainedAt - backAt : null;
        console.log(
          `[faults] outage ${o.name}: down ${downMs} ms; back up → drained ${drainFromBackMs} ms; end of stream → drained ${report.drainMs} ms`,
        );
        await record(report, { downMs, drainFromBackMs });
        expect(backAt, "the outage happened").not.toBeNull();
        assertClean(report);
      },
      PHASE_TIMEOUT_MS,
    );
  }
});
