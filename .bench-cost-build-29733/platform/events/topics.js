import { contractVersionOf, eventTypeOf, TOPIC } from "../../contracts/topics.js";
function dlqTopicFor(group) {
  const [, context = "platform", ...rest] = group.split("-");
  return `pin.${context}.${rest.join("-") || "consumer"}-dlq.v1`;
}
export {
  TOPIC,
  contractVersionOf,
  dlqTopicFor,
  eventTypeOf
};
//# sourceMappingURL=topics.js.map
