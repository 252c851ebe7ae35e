import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_CHESSBOARD } from "../domain/chessboard/seed/seed-demo-structure.js";
const PAGE_DIR = fileURLToPath(new URL("./demo/", import.meta.url));
const REFERENCE_DIR = fileURLToPath(new URL("../../.reference/", import.meta.url));
const HTML = "text/html; charset=utf-8";
function graphqlWsBundlePath() {
  const entry = createRequire(import.meta.url).resolve("graphql-ws");
  return join(dirname(entry), "..", "umd", "graphql-ws.min.js");
}
const ASSETS = {
  "/demo/chessboard": {
    contentType: "text/html; charset=utf-8",
    file: () => join(PAGE_DIR, "chessboard.html")
  },
  "/demo/funnel": {
    contentType: "text/html; charset=utf-8",
    file: () => join(PAGE_DIR, "funnel.html")
  },
  "/demo/demo-client.js": {
    contentType: "text/javascript; charset=utf-8",
    file: () => join(PAGE_DIR, "demo-client.js")
  },
  "/demo/vendor/graphql-ws.js": { contentType: "text/javascript; charset=utf-8", file: graphqlWsBundlePath },
  "/reference/graphql": { contentType: HTML, file: () => join(REFERENCE_DIR, "graphql.html") },
  "/reference/events": { contentType: HTML, file: () => join(REFERENCE_DIR, "events.html") },
  "/reference/asyncapi-standalone.js": {
    contentType: "text/javascript; charset=utf-8",
    file: () => join(REFERENCE_DIR, "asyncapi-standalone.js")
  },
  "/reference/asyncapi.css": {
    contentType: "text/css; charset=utf-8",
    file: () => join(REFERENCE_DIR, "asyncapi.css")
  }
};
const NOT_RENDERED = {
  contentType: HTML,
  body: "<!doctype html><title>Not rendered</title><p>The references are not rendered in this checkout: run <code>npm run docs:reference</code>.</p>"
};
const cache = /* @__PURE__ */ new Map();
function demoAsset(pathname) {
  const key = pathname.replace(/\/+$/, "");
  const spec = Object.hasOwn(ASSETS, key) ? ASSETS[key] : void 0;
  if (!spec) return void 0;
  let asset = cache.get(key);
  if (!asset) {
    if (!existsSync(spec.file())) return NOT_RENDERED;
    const text = readFileSync(spec.file(), "utf8");
    const body = spec.contentType.startsWith("text/html") ? text.replaceAll("@DEFAULT_BUILDING@", DEMO_CHESSBOARD.buildingId) : text;
    asset = { contentType: spec.contentType, body };
    cache.set(key, asset);
  }
  return asset;
}
function demoAssetCacheSize() {
  return cache.size;
}
export {
  demoAsset,
  demoAssetCacheSize
};
//# sourceMappingURL=demo-pages.js.map
