import { createCrmMetrics } from "../../../domain/crm/crm.metrics.js";
import { type CrmCommands, createCrmCommands } from "../../../domain/crm/crm-commands.js";
import type { Viewer } from "../../../platform/auth/viewer.js";
import { requireViewer } from "../../../platform/auth/viewer.js";
import type { ApiDeps, GraphQLContext } from "../../context.js";

const commandsByDeps = new WeakMap<ApiDeps, CrmCommands>();

/** One command set per API instance (deps are built once at start). */
export function crmCommandsOf(ctx: GraphQLContext): CrmCommands {
  let commands = commandsByDeps.get(ctx.deps);
  if (!commands) {
    const { db, clock, log, metrics } = ctx.deps;
    commands = createCrmCommands({ db, clock, log, metrics: createCrmMetrics(metrics) });
    commandsByDeps.set(ctx.deps, commands);
  }
  return commands;
}

export function viewerOf(ctx: GraphQLContext): Viewer {
  return requireViewer(ctx.viewer);
}

/** The request id is the causation of every event a mutation publishes. */
export function metaOf(ctx: GraphQLContext): { causationId: string } {
  return { causationId: ctx.requestId };
}
