import { builder } from "../builder.js";

// One import per type file (pattern: Pothos complex-app). Order does not matter.
import "./system.js";

export const schema = builder.toSchema({ sortSchema: true });
