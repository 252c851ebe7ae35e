/**
 * The order a relay pass visits the shards it found with unpublished rows (decision 0515): by
 * shard number, starting at the first shard at or after `cursor` and wrapping, so workers and
 * replicas whose cursors differ (and move by one each pass) start on different shards.
 */
export function shardOrder(found: readonly number[], cursor: number): number[] {
  const sorted = [...new Set(found)].sort((a, b) => a - b);
  const start = sorted.findIndex((s) => s >= cursor);
  if (start <= 0) return sorted;
  return [...sorted.slice(start), ...sorted.slice(0, start)];
}
