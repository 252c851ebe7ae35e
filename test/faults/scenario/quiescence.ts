import { AssignerProtocol, Kafka, logLevel } from "kafkajs";
import type { Db } from "../../../src/platform/db/prisma-client.js";

/**
 * "Nothing left to do": every outbox row published, every consumer group's committed offset at
 * the end of every partition it reads, no parked message waiting for a retry, no booking past its
 * deadline — the same answer twice in a row. Returns how long that took.
 */
export interface Backlog {
  readonly unpublished: number;
  readonly lag: number;
  readonly parked: number;
  readonly overdue: number;
}

const BROADCAST_PREFIX = "pin-broadcast-";
const POLL_MS = 500;

export async function backlog(db: Db, brokers: string): Promise<Backlog> {
  const [outbox, parked, overdue] = await Promise.all([
    db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM platform.outbox WHERE published_at IS NULL`,
    db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM platform.parked_messages`,
    db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM crm.bookings
      WHERE (status IN ('Reserved', 'AwaitingPayment') AND reserve_expires_at < now())
         OR (status = 'Booked' AND booking_expires_at < now())`,
  ]);
  return {
    unpublished: Number(outbox[0]?.n ?? 0),
    lag: await consumerLag(brokers),
    parked: Number(parked[0]?.n ?? 0),
    overdue: Number(overdue[0]?.n ?? 0),
  };
}

export async function consumerLag(brokers: string): Promise<number> {
  const admin = new Kafka({
    clientId: "pin-faults-lag",
    brokers: brokers.split(","),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const { groups } = await admin.listGroups();
    const high = new Map<string, Map<number, bigint>>();
    let lag = 0n;
    for (const { groupId } of groups) {
      if (groupId.startsWith(BROADCAST_PREFIX)) continue;
      const committed = await admin.fetchOffsets({ groupId });
      for (const { topic, partitions } of committed) {
        let ends = high.get(topic);
        if (!ends) {
          ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, BigInt(p.high)]));
          high.set(topic, ends);
        }
        for (const p of partitions) {
          const at = BigInt(p.offset);
          const end = ends.get(p.partition) ?? 0n;
          if (end > 0n && at < end) lag += end - (at < 0n ? 0n : at);
        }
      }
    }
    return Number(lag);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Where the lag is, for a failed quiescence: per group and partition the committed offset, the
 * end, and which member (client id, host) holds the partition now — "no member" points at an
 * empty group, a member holding it at a consumer that stopped fetching.
 */
export async function lagReport(brokers: string): Promise<string[]> {
  const admin = new Kafka({
    clientId: "pin-faults-lag",
    brokers: brokers.split(","),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const { groups } = await admin.listGroups();
    const ids = groups.map((g) => g.groupId).filter((g) => !g.startsWith(BROADCAST_PREFIX));
    const described = await admin.describeGroups(ids);
    const holders = new Map<string, string>();
    for (const g of described.groups)
      for (const m of g.members) {
        const assignment =
          m.memberAssignment.length > 0 ? AssignerProtocol.MemberAssignment.decode(m.memberAssignment) : null;
        for (const [topic, parts] of Object.entries(assignment?.assignment ?? {}))
          for (const p of parts) holders.set(`${g.groupId}/${topic}:${p}`, `${m.clientId}@${m.clientHost}`);
      }
    const lines: string[] = [];
    for (const g of described.groups) {
      const committed = await admin.fetchOffsets({ groupId: g.groupId });
      for (const { topic, partitions } of committed) {
        const ends = new Map(
          (await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, BigInt(p.high)]),
        );
        for (const p of partitions) {
          const at = BigInt(p.offset);
          const end = ends.get(p.partition) ?? 0n;
          if (end > 0n && at < end)
            lines.push(
              `${g.groupId} (${g.state}, ${g.members.length} members) ${topic}[${p.partition}] committed ${p.offset} end ${end} lag ${end - (at < 0n ? 0n : at)} held by ${holders.get(`${g.groupId}/${topic}:${p.partition}`) ?? "no member"}`,
            );
        }
      }
    }
    return lines;
  } finally {
    await admin.disconnect();
  }
}

const idle = (b: Backlog) => b.unpublished === 0 && b.lag === 0 && b.parked === 0 && b.overdue === 0;

export async function waitForQuiescence(
  db: Db,
  brokers: string,
  timeoutMs: number,
): Promise<{ ms: number; last: Backlog | null; quiet: boolean }> {
  const started = Date.now();
  let last: Backlog | null = null;
  let quietOnce = false;
  while (Date.now() - started < timeoutMs) {
    last = await backlog(db, brokers).catch(() => null);
    if (last && idle(last)) {
      if (quietOnce) return { ms: Date.now() - started, last, quiet: true };
      quietOnce = true;
    } else quietOnce = false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { ms: Date.now() - started, last, quiet: false };
}
