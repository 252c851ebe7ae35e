// CPU time of processes read from /proc (utime + stime of /proc/<pid>/stat, in clock ticks), the
// cost bench's only instrument (issue #43): a process's CPU over a window is the difference of two
// readings. Linux only; a process that is gone reads as absent.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import type pg from "pg";

/** Clock ticks per second of /proc's utime and stime (getconf CLK_TCK; 100 on Linux/x86). */
export const TICKS_PER_SECOND = (() => {
  try {
    const value = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    return Number.isInteger(value) && value > 0 ? value : 100;
  } catch {
    return 100;
  }
})();

interface Stat {
  readonly ppid: number;
  /** utime + stime in ticks */
  readonly ticks: number;
}

/** /proc/<pid>/stat's parent and utime + stime; null when the process is gone. */
export function statOf(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // comm (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // after comm: state(3) ppid(4) … utime(14) stime(15) → indexes 0, 1, …, 11, 12
  return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** /proc/<pid>/comm (the executable's name, e.g. "postgres", "node"); "" when gone. */
export function commOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

function allPids(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of allPids()) {
    const stat = statOf(pid);
    if (!stat) continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** The shared Kafka broker of `npm run infra:up` (kafka.Kafka with .infra/kafka/server.properties). */
export function kafkaBrokerPid(): number | null {
  for (const pid of allPids()) {
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      continue;
    }
    if (cmdline.includes("kafka.Kafka") && cmdline.includes(".infra/kafka/server.properties")) return pid;
  }
  return null;
}

/** Named groups of processes; `pids()` is asked at each reading (pools open connections late). */
export interface ProcessGroup {
  readonly name: string;
  pids(): Promise<readonly number[]>;
}

export type Reading = Map<string, Map<number, number>>;

export async function readCpu(groups: readonly ProcessGroup[]): Promise<Reading> {
  const reading: Reading = new Map();
  for (const group of groups) {
    const ticks = new Map<number, number>();
    for (const pid of await group.pids()) {
      const stat = statOf(pid);
      if (stat) ticks.set(pid, stat.ticks);
    }
    reading.set(group.name, ticks);
  }
  return reading;
}

/**
 * CPU ms of each group between two readings: per process the later ticks less the earlier (0 for
 * a process that appeared in between: its whole life is in the window); a process gone by the
 * second reading is not counted (its last ticks are lost with it).
 */
export function cpuMsBetween(before: Reading, after: Reading): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, ticks] of after) {
    let sum = 0;
    for (const [pid, t] of ticks) sum += t - (before.get(name)?.get(pid) ?? 0);
    out.set(name, (sum / TICKS_PER_SECOND) * 1_000);
  }
  return out;
}

/**
 * The PostgreSQL processes of a run: the backends connected to `database` (its pools) and, as a
 * second group, the cluster's background processes (checkpointer, walwriter, …), which serve
 * every database of the shared server (decision 0587).
 */
export function postgresGroups(admin: pg.Pool, database: string): ProcessGroup[] {
  const pidsWhere = async (where: string, params: unknown[]) =>
    (await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE ${where}`, params)).rows.map(
      (r) => r.pid,
    );
  return [
    {
      name: "postgres backends",
      pids: () => pidsWhere("datname = $1 AND pid <> pg_backend_pid()", [database]),
    },
    { name: "postgres background", pids: () => pidsWhere("backend_type <> 'client backend'", []) },
  ];
}
