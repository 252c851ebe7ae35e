import type { Infra } from "../../platform/infra.js";
import { createCrmMetrics } from "./crm.metrics.js";
import { type CrmReads, createCrmReads } from "./crm.reads.js";
import { type CrmCommands, createCrmCommands } from "./crm-commands.js";

/** Everything crm offers the transports (GraphQL today): its commands and its read path. */
export interface CrmServices {
  readonly commands: CrmCommands;
  readonly reads: CrmReads;
}

/** Built once by the composition root (src/app.ts). */
export function createCrmServices(infra: Infra): CrmServices {
  return {
    commands: createCrmCommands({ ...infra, metrics: createCrmMetrics(infra.metrics) }),
    reads: createCrmReads(infra.db),
  };
}
