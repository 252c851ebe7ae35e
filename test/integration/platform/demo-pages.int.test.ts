import { existsSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { describeWithService } from "../../support/services.js";

/** GraphiQL and the demo pages over plain HTTP (the browser tests drive them in chromium). */
describeWithService("postgres", "GraphiQL without a CDN and the demo pages", () => {
  let dev: TestApp;
  let off: TestApp;
  const base = (t: TestApp) => t.url.replace(/\/graphql$/, "");
  beforeAll(async () => {
    dev = await startTestApp({ roles: ["api"] });
    off = await startTestApp({ roles: ["api"], env: { PIN_DEV_TOKENS: "auto" } });
  });
  afterAll(async () => {
    await dev?.stop();
    await off?.stop();
  });

  it("the GraphiQL page carries its bundle, styles and editor workers inline: nothing from another host", async () => {
    const res = await fetch(dev.url, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("YogaGraphiQL.renderYogaGraphiQL");
    expect(html).toContain("editorWorkerService: prepareBlob(");
    expect(html).not.toMatch(/<script[^>]+src=["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/<link[^>]+href=["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/unpkg\.com|jsdelivr|cdnjs/);
    // dev mode: the demo tabs, signed in
    expect(html).toContain("subscription WatchBuilding");
    expect(html).toContain("Bearer ey");
  });

  it("the rendered references are served at /reference/graphql and /reference/events, with nothing from another host", async ({
    skip,
  }) => {
    const rendered = existsSync(new URL("../../../.reference/graphql.html", import.meta.url));
    if (!rendered && process.env.CI !== "true") {
      console.warn(
        "[references] .reference/ not rendered in this checkout (npm run docs:reference): test skipped",
      );
      skip();
    }
    const graphql = await (await fetch(`${base(dev)}/reference/graphql`)).text();
    expect(graphql).toContain("PIN GraphQL API");
    expect(graphql).toContain("createBooking");
    const events = await (await fetch(`${base(dev)}/reference/events`)).text();
    expect(events).toContain("AsyncApiStandalone.render");
    expect(events).toContain("pin.crm.booking-created.v1");
    for (const html of [graphql, events])
      expect(html).not.toMatch(/<(script|link)[^>]+(src|href)=["']?(https?:)?\/\//i);
    const bundle = await fetch(`${base(dev)}/reference/asyncapi-standalone.js`);
    expect(bundle.headers.get("content-type")).toContain("javascript");
  });

  it("/demo/chessboard and its graphql-ws browser bundle are served in embedded/dev mode", async () => {
    const page = await fetch(`${base(dev)}/demo/chessboard`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain('<script src="/demo/vendor/graphql-ws.js"></script>');
    expect(html).toContain("chessboardUpdates(buildingId: $buildingId)");
    const bundle = await fetch(`${base(dev)}/demo/vendor/graphql-ws.js`);
    expect(bundle.status).toBe(200);
    expect(await bundle.text()).toContain("graphql-transport-ws");
  });

  it("the demo pages are not served when dev tokens are off", async () => {
    expect((await fetch(`${base(off)}/demo/chessboard`)).status).not.toBe(200);
    expect((await fetch(`${base(off)}/demo/vendor/graphql-ws.js`)).status).not.toBe(200);
    const html = await (await fetch(off.url, { headers: { accept: "text/html" } })).text();
    expect(html).not.toContain("Bearer ey");
  });
});
