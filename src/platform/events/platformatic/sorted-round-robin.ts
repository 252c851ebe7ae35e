/**
 * The partition assignment of kafkajs' RoundRobinAssigner, for @platformatic/kafka's classic group
 * protocol: members sorted by member id (which starts with the client id `pin-<instance id>`),
 * every topic-partition dealt in turn, topic by topic in sorted order. Both adapters then place
 * partitions the same way, and the rebalance suite's choice of which member gets which partition
 * holds for both (its library's own round robin deals in join order). Pure.
 */
export interface MemberAssignment {
  memberId: string;
  assignments: Map<string, { topic: string; partitions: number[] }>;
}

export function sortedRoundRobin(
  memberIds: Iterable<string>,
  topics: Iterable<string>,
  partitionsOf: (topic: string) => number,
): MemberAssignment[] {
  const members = [...memberIds].sort().map((memberId) => ({ memberId, assignments: new Map() }));
  if (members.length === 0) return [];
  let turn = 0;
  for (const topic of [...topics].sort()) {
    const count = partitionsOf(topic);
    for (let partition = 0; partition < count; partition++) {
      const member = members[turn++ % members.length] as MemberAssignment;
      const entry = member.assignments.get(topic) ?? { topic, partitions: [] };
      entry.partitions.push(partition);
      member.assignments.set(topic, entry);
    }
  }
  return members;
}
