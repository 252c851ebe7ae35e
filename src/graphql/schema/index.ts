import { builder } from "../builder.js";

// One import per type file (pattern: Pothos complex-app). Order does not matter.
import "./system.js";
import "./crm/crm-types.js";
import "./crm/crm-queries.js";
import "./crm/crm-mutations.js";

export const schema = builder.toSchema({ sortSchema: true });
