import type { Viewer } from "../../../platform/auth/viewer.js";
import { requireViewer } from "../../../platform/auth/viewer.js";
import type { GraphQLContext } from "../../context.js";

export function viewerOf(ctx: GraphQLContext): Viewer {
  return requireViewer(ctx.viewer);
}

/** The request id is the causation of every event a mutation publishes. */
export function metaOf(ctx: GraphQLContext): { causationId: string } {
  return { causationId: ctx.requestId };
}
