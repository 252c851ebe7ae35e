import { createCrmMetrics } from "./crm.metrics.js";
import { createCrmReads } from "./crm.reads.js";
import { createCrmCommands } from "./crm-commands.js";
function createCrmServices(infra) {
  return {
    commands: createCrmCommands({ ...infra, metrics: createCrmMetrics(infra.metrics) }),
    reads: createCrmReads(infra.db)
  };
}
export {
  createCrmServices
};
//# sourceMappingURL=crm.services.js.map
