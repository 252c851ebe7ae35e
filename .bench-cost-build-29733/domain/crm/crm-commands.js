import { createBookingCommands } from "./booking/booking.commands.js";
import { CrmCommandRunner } from "./command/crm-command-runner.js";
import { createDealCommands } from "./deal/deal.commands.js";
function createCrmCommands(deps) {
  const runner = new CrmCommandRunner(deps);
  return { ...createDealCommands(runner), ...createBookingCommands(runner) };
}
export {
  createCrmCommands
};
//# sourceMappingURL=crm-commands.js.map
