import { hasRole } from "../../platform/auth/viewer.js";
import { DomainError } from "../../platform/errors/domain-error.js";
const REBUILD_PATH = "/api/admin/v1/projections/rebuild";
const BODY_MAX_BYTES = 5 * 1024 * 1024;
const STATUS_OF_CATEGORY = {
  validation: 400,
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  illegal_state: 422
};
function send(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
const jobBody = (job) => ({
  ...job,
  progress: job.total === 0 ? 1 : job.processed / job.total
});
async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > BODY_MAX_BYTES)
      throw new DomainError("CATALOG_REBUILD_INVALID", "body too large", "validation");
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new DomainError(
      "CATALOG_REBUILD_INVALID",
      'body must be JSON: {"ids": ["<uuid>", \u2026]}',
      "validation"
    );
  }
}
async function routeProjectionsRebuild(req, res, path, deps) {
  if (path !== REBUILD_PATH && !path.startsWith(`${REBUILD_PATH}/`)) return false;
  let viewer;
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
      const body = await readJson(req);
      if (!Array.isArray(body?.ids) || !body.ids.every((id) => typeof id === "string")) {
        send(res, 400, { code: "CATALOG_REBUILD_INVALID", message: 'body must be {"ids": ["<uuid>", \u2026]}' });
        return true;
      }
      const job = await deps.services.catalog.rebuild.request(body.ids, viewer.userId);
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
      message: "POST to rebuild, GET \u2026/rebuild/<jobId> for progress"
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
export {
  REBUILD_PATH,
  routeProjectionsRebuild
};
//# sourceMappingURL=projections-rebuild.route.js.map
