function kafkaNames(namespace) {
  if (namespace === null || namespace === "")
    return { topic: (t) => t, specTopic: (t) => t, group: (g) => g };
  const tail = `.${namespace}`;
  return {
    topic: (t) => `${t}${tail}`,
    specTopic: (t) => t.endsWith(tail) ? t.slice(0, -tail.length) : t,
    group: (g) => `${g}${tail}`
  };
}
export {
  kafkaNames
};
//# sourceMappingURL=kafka-names.js.map
