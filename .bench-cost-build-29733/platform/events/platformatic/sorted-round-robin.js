function sortedRoundRobin(memberIds, topics, partitionsOf) {
  const members = [...memberIds].sort().map((memberId) => ({ memberId, assignments: /* @__PURE__ */ new Map() }));
  if (members.length === 0) return [];
  let turn = 0;
  for (const topic of [...topics].sort()) {
    const count = partitionsOf(topic);
    for (let partition = 0; partition < count; partition++) {
      const member = members[turn++ % members.length];
      const entry = member.assignments.get(topic) ?? { topic, partitions: [] };
      entry.partitions.push(partition);
      member.assignments.set(topic, entry);
    }
  }
  return members;
}
export {
  sortedRoundRobin
};
//# sourceMappingURL=sorted-round-robin.js.map
