import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_CHESSBOARD } from "../../../src/domain/chessboard/seed/seed-demo-structure.js";
import { DEMO_CRM } from "../../../src/domain/crm/seed/seed-demo-deals.js";
import { DEMO_USERS } from "../../../src/platform/auth/demo-users.js";
import { describeWithBrowser, launchBrowser, type TestBrowser } from "../../support/browser.js";
import { devToken, gqlAt, type StartedProcess, startNpmStart } from "../../support/npm-start.js";

/**
 * A newcomer's first hour in a real browser (Debian chromium + playwright-core), against
 * `npm start` on embedded defaults, with every request to another host blocked (no internet).
 */
/** npm start's readiness wait (180 s) plus the browser's launch */
const START_TIMEOUT_MS = 240_000;
const FREE_RGB = "rgb(155, 227, 168)"; // #9be3a8, src/graphql/demo/chessboard.html
const RESERVED_RGB = "rgb(255, 209, 102)"; // #ffd166

describeWithBrowser("newcomer in a browser: GraphiQL offline and the live chessboard page", () => {
  let proc: StartedProcess;
  let browser: TestBrowser;

  beforeAll(async () => {
    proc = await startNpmStart();
    await proc.ready;
    browser = await launchBrowser(proc.base);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await proc?.dispose();
  });

  it("GraphiQL opens from npm start with every request to another host blocked, signed in as the demo agent with example tabs, runs a query and shows the result", async () => {
    const { page, blocked } = browser;
    browser.screenshotOnFailure();
    const introspected = page.waitForResponse(
      (r) => r.request().method() === "POST" && (r.request().postData() ?? "").includes("IntrospectionQuery"),
      { timeout: 60_000 },
    );
    await page.goto(`${proc.base}/graphql`);
    await page.locator(".graphiql-execute-button").waitFor({ timeout: 60_000 });
    expect((await introspected).status()).toBe(200);
    expect(await page.locator(".graphiql-tab").allInnerTexts()).toEqual([
      "MyDeals",
      "WatchBuilding",
      "Lots",
      "ConversionFunnel",
    ]);

    // Replace the first tab's document with one query and run it (insertText: no auto-closing).
    await page.locator(".graphiql-query-editor .monaco-editor").first().click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.insertText("query WhoAmI { viewer { userId roles } }");
    // The tab takes the operation's name once GraphiQL has parsed the new document.
    await page.locator(".graphiql-tab", { hasText: "WhoAmI" }).waitFor({ timeout: 10_000 });
    await page.locator(".graphiql-execute-button").click();
    await expect
      .poll(() => page.locator(".graphiql-response").textContent(), { timeout: 30_000 })
      .toContain(DEMO_USERS.agent.userId);
    expect(await page.locator(".graphiql-response").textContent()).toContain('"agent"');
    // The bundle, its CSS and the editor workers come from the page itself: nothing else asked.
    expect(blocked).toEqual([]);
  });

  it("the live chessboard page shows the building's grid coloured by status and recolours a cell when an apartment is booked through GraphQL", async () => {
    const { page, blocked } = browser;
    browser.screenshotOnFailure();
    await page.goto(`${proc.base}/demo/chessboard?building=${DEMO_CHESSBOARD.buildingId}`);
    await page.locator('#connection[data-state="live"]').waitFor({ timeout: 30_000 });
    const cell = page.locator('td.cell[data-status="Free"]').first();
    const objectId = (await cell.getAttribute("data-property-object-id")) ?? "";
    expect(objectId).not.toBe("");
    const target = page.locator(`td.cell[data-property-object-id="${objectId}"]`);
    const colour = () => target.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await colour()).toBe(FREE_RGB);

    const token = await devToken(proc.base);
    const booked = await gqlAt<{ createBooking: { __typename: string } }>(
      proc.base,
      token,
      `mutation { createBooking(dealId: "${DEMO_CRM.agentDealIds[0]}", propertyObjectId: "${objectId}") { __typename ... on Error { code message } } }`,
    );
    expect(booked.createBooking).toEqual({ __typename: "MutationCreateBookingSuccess" });

    // outbox → local log → chessboard consumer → status-changed → graphql-ws → the page
    await expect.poll(() => target.getAttribute("data-status"), { timeout: 30_000 }).toBe("Reserved");
    await expect.poll(colour, { timeout: 5_000 }).toBe(RESERVED_RGB);
    expect(await page.locator("#log").textContent()).toContain("Free → Reserved");
    expect(blocked).toEqual([]);
  });
});
