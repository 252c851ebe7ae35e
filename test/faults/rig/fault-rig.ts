import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../../../src/platform/db/embedded-postgres.js";
import { runMigrations } from "../../../src/platform/db/migrations/run-migrations.js";
import { TOPIC } from "../../../src/platform/events/topics.js";
import { createLogger } from "../../../src/platform/log/logger.js";
import { freePort } from "../../support/npm-start.js";
import { type ClickHouseServer, startClickHouseServer } from "./clickhouse-server.js";
import { type KafkaBroker, provisionTopics, startKafkaBroker } from "./kafka-broker.js";
import { type KafkaCluster, startKafkaCluster } from "./kafka-cluster.js";
import { register, unregister } from "./process-registry.js";

/**
 * The faults suite's own PostgreSQL (the embedded server), Kafka broker and ClickHouse server, on
 * free ports with their data in one temporary folder: outages are made by stopping these, never
 * the shared services other suites use at the same time (decision 0180).
 */
export interface FaultRig {
  readonly dir: string;
  /** The single broker; with `kafkaNodes: 3`, every node's address and node 1's daemon */
  readonly kafka: KafkaBroker;
  /** The 3-node cluster when asked for (startFaultRig({ kafkaNodes: 3 })), else null */
  readonly cluster: KafkaCluster | null;
  readonly clickhouse: ClickHouseServer;
  readonly postgres: RigPostgres;
  /** A fresh database with every migration applied */
  freshDatabase(prefix: string): Promise<string>;
  /** Stops every service; the folder (role logs, broker and database data) is removed unless
   *  `keep` or PIN_FAULTS_KEEP — a failed test keeps it and prints where it is */
  stop(options?: { keep?: boolean }): Promise<void>;
}

export interface RigPostgres {
  readonly adminUrl: string;
  /** Fast shutdown (sessions aborted), down for downMs, then the same data folder again */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

const log = createLogger({ level: "warn", pretty: false });

/**
 * The postmaster of an embedded server, in the process registry while it runs (its backends
 * follow it when it dies); pid from the data folder's postmaster.pid.
 */
async function registerPostmaster(server: EmbeddedPostgres): Promise<number | null> {
  const first = (await readFile(path.join(server.dataDir, "postmaster.pid"), "utf8").catch(() => ""))
    .split("\n")[0]
    ?.trim();
  const pid = Number(first);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  register({ pid, group: false, name: "postgres", marker: server.dataDir });
  return pid;
}

async function startRigPostgres(dir: string): Promise<RigPostgres> {
  const port = await freePort();
  const options = { dataDir: path.join(dir, "postgres"), port, database: "postgres", log };
  let server: EmbeddedPostgres = await startEmbeddedPostgres(options);
  let postmaster = await registerPostmaster(server);
  const stop = async () => {
    await server.stop();
    if (postmaster !== null) unregister(postmaster);
    postmaster = null;
  };
  return {
    adminUrl: server.url,
    async restart(downMs) {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      server = await startEmbeddedPostgres(options);
      postmaster = await registerPostmaster(server);
    },
    stop,
  };
}

export interface FaultRigOptions {
  /** 1 (default): one broker; 3: a KRaft cluster, replication factor 3, min.insync.replicas=2 */
  readonly kafkaNodes?: 1 | 3;
}

async function startKafka(
  dir: string,
  nodes: 1 | 3,
): Promise<{ kafka: KafkaBroker; cluster: KafkaCluster | null }> {
  if (nodes === 1) return { kafka: await startKafkaBroker(dir), cluster: null };
  const cluster = await startKafkaCluster(dir, nodes);
  return { kafka: { brokers: cluster.brokers, daemon: cluster.node(1).daemon }, cluster };
}

export async function startFaultRig(options: FaultRigOptions = {}): Promise<FaultRig> {
  const kafkaNodes = options.kafkaNodes ?? 1;
  const dir = await mkdtemp(path.join(tmpdir(), "pin-faults-"));
  // As root the embedded PostgreSQL runs as the postgres user, who must traverse this folder.
  await chmod(dir, 0o755);
  const started: Array<{ stop(): Promise<void> }> = [];
  /** Each service is remembered as soon as it is up, so a failure of another still stops it. */
  const remember = <T>(service: T, stop: () => Promise<void>): T => {
    started.push({ stop });
    return service;
  };
  try {
    const stopKafka = (k: { kafka: KafkaBroker; cluster: KafkaCluster | null }) =>
      k.cluster ? k.cluster.stop() : k.kafka.daemon.stop();
    const [postgres, { kafka, cluster }, clickhouse] = await Promise.all([
      startRigPostgres(dir).then((p) => remember(p, () => p.stop())),
      startKafka(dir, kafkaNodes).then((k) => remember(k, () => stopKafka(k))),
      startClickHouseServer(dir).then((c) => remember(c, () => c.daemon.stop())),
    ]);
    await provisionTopics(kafka.brokers, Object.values(TOPIC), kafkaNodes);
    return {
      dir,
      kafka,
      cluster,
      clickhouse,
      postgres,
      async freshDatabase(prefix) {
        const name = `${prefix}_${randomBytes(4).toString("hex")}`;
        const admin = new pg.Client({ connectionString: postgres.adminUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end());
        const url = new URL(postgres.adminUrl);
        url.pathname = `/${name}`;
        await runMigrations({ url: url.toString(), log });
        return url.toString();
      },
      async stop(options = {}) {
        await Promise.all([stopKafka({ kafka, cluster }), clickhouse.daemon.stop(), postgres.stop()]);
        if (options.keep || process.env.PIN_FAULTS_KEEP)
          console.log(`[faults] the rig's files (role logs, broker and database data) are kept in ${dir}`);
        else await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(started.map((s) => s.stop().catch(() => {})));
    throw error;
  }
}
