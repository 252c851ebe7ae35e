import type { IncomingMessage, ServerResponse } from "node:http";
import type { RebuildJobView } from "../../domain/catalog/catalog.read-models.js";
import { hasRole, type Viewer } from "../../platform/auth/viewer.js";
import { DomainError } from "../../platform/errors/domain-error.js";
import type { Logger } from "../../platform/log/logger.js";
import type { ApiServices } from "../context.js";

export const REBUILD_PATH = "/api/admin/v1/projections/rebuild";
/** 100k UUIDs as JSON ≈ 4 MB; anything larger is refused before parsing. */
const BODY_MAX_BYTES = 5 * 1024 * 1024;

const STATUS_OF_CATEGORY: Record<string, number> = {
  validation: 400,
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  illegal_state: 422,
};

export interface RestDeps {
  readonly services: ApiServices;
  readonly log: Logger;
  /** Resolves the bearer token; throws on a bad one (answered 401). */
  readonly viewerFrom: (authorization: string | undefined) => Promise<Viewer | null>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const jobBody = (job: RebuildJobView) => ({
  ...job,
  progress: job.total === 0 ? 1 : job.processed / job.total,
});

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_MAX_BYTES)
      throw new DomainError("CATALOG_REBUILD_INVALID", "body too large", "validation");
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new DomainError(
      "CATALOG_REBUILD_INVALID",
      'body must be JSON: {"ids": ["<uuid>", …]}',
      "validation",
    );
  }
}

/**
 * POST /api/admin/v1/projections/rebuild {"ids": [...]} → 200 with the finished job when the ids
 * fit one chunk, else 202 with the queued job; GET …/rebuild/<jobId> → the job and its progress.
 * Admin only (401 without a token, 403 for other roles). Returns false when the path is not ours.
 */
export async function routeProjectionsRebuild(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  deps: RestDeps,
): Promise<boolean> {
  if (path !== REBUILD_PATH && !path.startsWith(`${REBUILD_PATH}/`)) return false;
  let viewer: Viewer | null;
  try {
    viewer = await deps.viewerFrom(req.headers.authorization);
  } catch {
    send(res, 401, { code: "UNAUTHENTICATED", message: "Invalid token" });
    return true;
  }
  if (!viewer) {
    send(res, 401, { code: "AUTH_REQUIRED", message: "Sign in first: send Authorization: Bearer <token>" });
    return true;
  }
  if (!hasRole(viewer, "admin")) {
    send(res, 403, { code: "AUTH_FORBIDDEN", message: "Admin only" });
    return true;
  }
  try {
    if (req.method === "POST" && path === REBUILD_PATH) {
      const body = (await readJson(req)) as { ids?: unknown };
      if (!Array.isArray(body?.ids) || !body.ids.every((id) => typeof id === "string")) {
        send(res, 400, { code: "CATALOG_REBUILD_INVALID", message: 'body must be {"ids": ["<uuid>", …]}' });
        return true;
      }
      const job = await deps.services.catalog.rebuild.request(body.ids as string[], viewer.userId);
      send(res, job.status === "Done" ? 200 : 202, jobBody(job));
      return true;
    }
    if (req.method === "GET" && path.startsWith(`${REBUILD_PATH}/`)) {
      const job = await deps.services.catalog.reads.rebuildJob(path.slice(REBUILD_PATH.length + 1));
      send(res, 200, jobBody(job));
      return true;
    }
    send(res, 405, {
      code: "METHOD_NOT_ALLOWED",
      message: "POST to rebuild, GET …/rebuild/<jobId> for progress",
    });
    return true;
  } catch (error) {
    if (error instanceof DomainError) {
      send(res, STATUS_OF_CATEGORY[error.category] ?? 400, { code: error.code, message: error.message });
      return true;
    }
    deps.log.error({ err: error }, "projection rebuild request failed");
    send(res, 500, { code: "INTERNAL_SERVER_ERROR", message: "internal error" });
    return true;
  }
}
