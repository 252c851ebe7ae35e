/** Topic names are contracts (src/contracts/topics.ts); the platform only derives DLQ names. */
export { contractVersionOf, eventTypeOf, TOPIC, type Topic } from "../../contracts/topics.js";

/**
 * DLQ topic per consumer group: group `pin-<context>-<rest>` → `pin.<context>.<rest>-dlq.v1`
 * (e.g. pin-catalog-chessboard-sync → pin.catalog.chessboard-sync-dlq.v1). A consumer whose DLQ
 * name does not follow the rule declares `dlqTopic` in its definition.
 */
export function dlqTopicFor(group: string): string {
  const [, context = "platform", ...rest] = group.split("-");
  return `pin.${context}.${rest.join("-") || "consumer"}-dlq.v1`;
}
