async function appendToLog(runner, messages) {
  if (messages.length === 0) return;
  await runner.$executeRaw`
    INSERT INTO platform.event_log (topic, key, value, headers)
    SELECT t.topic, t.key, t.value, t.headers::jsonb
    FROM unnest(${messages.map((m) => m.topic)}::text[], ${messages.map((m) => m.key)}::text[],
                ${messages.map((m) => m.value)}::text[], ${messages.map((m) => JSON.stringify(m.headers))}::text[])
         WITH ORDINALITY AS t(topic, key, value, headers, n)
    ORDER BY t.n`;
}
export {
  appendToLog
};
//# sourceMappingURL=append.js.map
