async function markPublished(tx, ids, at) {
  await tx.$executeRaw`
    UPDATE platform.outbox SET published_at = ${at}
    WHERE id = ANY(${ids}::bigint[])`;
}
export {
  markPublished
};
//# sourceMappingURL=mark-published.js.map
