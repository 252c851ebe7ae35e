import { createBookingCommands } from "./booking/booking.commands.js";
import { type CrmCommandDeps, CrmCommandRunner } from "./command/crm-command-runner.js";
import { createDealCommands } from "./deal/deal.commands.js";

export type { CreateBookingInput } from "./booking/booking.commands.js";
export type { CrmCommandDeps } from "./command/crm-command-runner.js";
export type { CreateDealInput } from "./deal/deal.commands.js";

/**
 * The crm command handlers, one set per aggregate like chessboard's: deal (deal/deal.commands.ts)
 * and booking (booking/booking.commands.ts), each command a load → decide (pure) → write over one
 * runner (command/crm-command-runner.ts: its scope, the retry of an optimistic conflict, the access
 * guard). Used by GraphQL; the expiration worker uses the same decide/apply functions. A viewer
 * that may not even read the deal gets NOT_FOUND (no existence leak); one that may read but not
 * act gets CRM_FORBIDDEN.
 */
export function createCrmCommands(deps: CrmCommandDeps) {
  const runner = new CrmCommandRunner(deps);
  return { ...createDealCommands(runner), ...createBookingCommands(runner) };
}

export type CrmCommands = ReturnType<typeof createCrmCommands>;
