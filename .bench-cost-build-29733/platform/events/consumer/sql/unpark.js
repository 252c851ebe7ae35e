async function unpark(runner, id) {
  await runner.execute("DELETE FROM platform.parked_messages WHERE id = $1", [id]);
}
export {
  unpark
};
//# sourceMappingURL=unpark.js.map
