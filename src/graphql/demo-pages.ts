import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_CHESSBOARD } from "../domain/chessboard/seed/seed-demo-structure.js";

/**
 * Plain demo pages on the public GraphQL API, served in embedded/dev mode only (with /dev/token,
 * which they sign in through): /demo/chessboard, a live grid over graphql-ws where a click books;
 * /demo/funnel, the demo developer's funnel as an inline-SVG bar chart. No build step: the pages
 * are static HTML + JS and the graphql-ws client is the package's own browser bundle (UMD,
 * `window.graphqlWs`) served from node_modules (decisions 0162, 0352). `@DEFAULT_BUILDING@` in a
 * page is the demo building GraphiQL's tabs open on. /reference/graphql and /reference/events are the
 * rendered API and event references (`npm run docs:reference`, decision 0602).
 */
export interface DemoAsset {
  readonly contentType: string;
  readonly body: string;
}

const PAGE_DIR = fileURLToPath(new URL("./demo/", import.meta.url));
/** The rendered references (`npm run docs:reference`, issue #44), at the repository root. */
const REFERENCE_DIR = fileURLToPath(new URL("../../.reference/", import.meta.url));
const HTML = "text/html; charset=utf-8";

function graphqlWsBundlePath(): string {
  // graphql-ws resolves to <pkg>/dist/index.cjs; its browser bundle is <pkg>/umd/graphql-ws.min.js
  const entry = createRequire(import.meta.url).resolve("graphql-ws");
  return join(dirname(entry), "..", "umd", "graphql-ws.min.js");
}

const ASSETS: Readonly<Record<string, { contentType: string; file: () => string }>> = {
  "/demo/chessboard": {
    contentType: "text/html; charset=utf-8",
    file: () => join(PAGE_DIR, "chessboard.html"),
  },
  "/demo/funnel": {
    contentType: "text/html; charset=utf-8",
    file: () => join(PAGE_DIR, "funnel.html"),
  },
  "/demo/demo-client.js": {
    contentType: "text/javascript; charset=utf-8",
    file: () => join(PAGE_DIR, "demo-client.js"),
  },
  "/demo/vendor/graphql-ws.js": { contentType: "text/javascript; charset=utf-8", file: graphqlWsBundlePath },
  "/reference/graphql": { contentType: HTML, file: () => join(REFERENCE_DIR, "graphql.html") },
  "/reference/events": { contentType: HTML, file: () => join(REFERENCE_DIR, "events.html") },
  "/reference/asyncapi-standalone.js": {
    contentType: "text/javascript; charset=utf-8",
    file: () => join(REFERENCE_DIR, "asyncapi-standalone.js"),
  },
  "/reference/asyncapi.css": {
    contentType: "text/css; charset=utf-8",
    file: () => join(REFERENCE_DIR, "asyncapi.css"),
  },
};

/** A reference not rendered yet: say how to render it (not cached, so it appears once built). */
const NOT_RENDERED: DemoAsset = {
  contentType: HTML,
  body: "<!doctype html><title>Not rendered</title><p>The references are not rendered in this checkout: run <code>npm run docs:reference</code>.</p>",
};

/** Keyed by the asset's own path (never the request's): at most one entry per asset (issue #42 item 4). */
const cache = new Map<string, DemoAsset>();

/** The demo asset at `pathname`, or undefined when there is none (read once, then cached). */
export function demoAsset(pathname: string): DemoAsset | undefined {
  const key = pathname.replace(/\/+$/, "");
  const spec = Object.hasOwn(ASSETS, key) ? ASSETS[key] : undefined;
  if (!spec) return undefined;
  let asset = cache.get(key);
  if (!asset) {
    if (!existsSync(spec.file())) return NOT_RENDERED;
    const text = readFileSync(spec.file(), "utf8");
    const body = spec.contentType.startsWith("text/html")
      ? text.replaceAll("@DEFAULT_BUILDING@", DEMO_CHESSBOARD.buildingId)
      : text;
    asset = { contentType: spec.contentType, body };
    cache.set(key, asset);
  }
  return asset;
}

/** Entries of the demo-page cache (bounded by the assets: the test of issue #42 item 4). */
export function demoAssetCacheSize(): number {
  return cache.size;
}
