import type { WebSocketRoute } from "playwright-core";
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

const UUID_A = "0b5e1d7a-0000-4000-8000-00000000dead";

interface FunnelAnswer {
  conversionFunnel: {
    data: {
      counts: Record<string, number>;
      ratios: Array<{ from: string; to: string; ratio: number }>;
    };
  };
}

describeWithBrowser(
  "newcomer in a browser: GraphiQL offline, the live chessboard page and the funnel page",
  () => {
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
        (r) =>
          r.request().method() === "POST" && (r.request().postData() ?? "").includes("IntrospectionQuery"),
        { timeout: 60_000 },
      );
      await page.goto(`${proc.base}/graphql`);
      await page.locator(".graphiql-execute-button").waitFor({ timeout: 60_000 });
      expect((await introspected).status()).toBe(200);
      expect(await page.locator(".graphiql-tab").allInnerTexts()).toEqual([
        "Grid",
        "CreateDeal",
        "WatchBuilding",
        "Lots",
        "ConversionFunnel",
      ]);
      // The first tab is one operation: ▶ runs it as it is, on the building /demo/chessboard opens on.
      await page.locator(".graphiql-execute-button").click();
      await expect
        .poll(() => page.locator(".graphiql-response").textContent(), { timeout: 30_000 })
        .toContain('"projectName"');
      expect(await page.locator(".graphiql-query-editor").first().textContent()).toContain(
        DEMO_CHESSBOARD.buildingId,
      );

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
      await browser.docsScreenshot("graphiql");
      // The bundle, its CSS and the editor workers come from the page itself: nothing else asked.
      expect(blocked).toEqual([]);
    });

    it("the funnel page draws the seeded funnel with at least two filled stages, and its numbers and percentages match conversionFunnel (total and per building)", async () => {
      const { page, blocked } = browser;
      browser.screenshotOnFailure();
      const token = await devToken(proc.base, "developer_manager");
      await page.goto(`${proc.base}/demo/funnel`);
      await page.locator('#state[data-state="ready"]').waitFor({ timeout: 30_000 });
      const range = new URL(page.url()).searchParams;
      const api = (buildingId: string | null) =>
        gqlAt<FunnelAnswer>(
          proc.base,
          token,
          `{ conversionFunnel(filter: { from: "${range.get("from")}", to: "${range.get("to")}"${buildingId ? `, buildingId: "${buildingId}"` : ""} }) {
          ... on QueryConversionFunnelSuccess { data { counts { views favorites selections leads bookings deals } ratios { from to ratio } } } } }`,
        );
      const drawn = () =>
        page.evaluate(() => ({
          counts: Object.fromEntries(
            Array.from(document.querySelectorAll("g.stage")).map((g) => [
              g.getAttribute("data-stage")?.toLowerCase(),
              Number(g.getAttribute("data-count")),
            ]),
          ),
          ratios: Array.from(document.querySelectorAll("g.conversion")).map((g) => ({
            from: g.getAttribute("data-from")?.toUpperCase(),
            to: g.getAttribute("data-to")?.toUpperCase(),
            text: g.querySelector("text")?.textContent,
          })),
        }));
      // Stages with nothing in the range are not drawn (they are named in a note below the chart).
      const expected = (answer: FunnelAnswer) => ({
        counts: Object.fromEntries(
          Object.entries(answer.conversionFunnel.data.counts).filter(([, n]) => n > 0),
        ),
        ratios: answer.conversionFunnel.data.ratios.map((r) => ({
          from: r.from,
          to: r.to,
          text: `${(r.ratio * 100).toFixed(1)} %`,
        })),
      });
      const total = expected(await api(null));
      expect(await drawn()).toEqual(total);
      await browser.docsScreenshot("funnel");
      // The seed fills Bookings and Deals: two filled stages and their conversion.
      expect(total.counts.bookings).toBeGreaterThanOrEqual(100);
      expect(total.counts.deals).toBeGreaterThanOrEqual(20);
      expect(await page.locator("#hidden-stages").textContent()).toContain(
        "Not shown: Views, Favorites, Selections, Leads",
      );
      // Names, not ids, on the page: the header names the developer.
      const who = (await page.locator("#who").textContent()) ?? "";
      expect(who).toMatch(/^developer manager of \S/);
      expect(await page.locator("body").innerText()).not.toMatch(
        /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
      );
      expect(total.ratios.map((r) => `${r.from}>${r.to}`)).toEqual(["BOOKINGS>DEALS"]);
      expect(await page.locator("g.conversion text").textContent()).toMatch(/^\d+\.\d %$/);

      // Filter by the demo building: the chart follows, and matches the API for that building.
      await page.locator("#building").selectOption(DEMO_CHESSBOARD.buildingId);
      await expect
        .poll(() => new URL(page.url()).searchParams.get("building"))
        .toBe(DEMO_CHESSBOARD.buildingId);
      await page.locator('#state[data-state="ready"]').waitFor({ timeout: 30_000 });
      expect(await drawn()).toEqual(expected(await api(DEMO_CHESSBOARD.buildingId)));
      expect(blocked).toEqual([]);
    });

    it("the chessboard page opens on GraphiQL's building; a click on a Free cell books it (counts and countdown follow), the cell cancels it, and it books again", async () => {
      const { page, blocked, pageErrors } = browser;
      browser.screenshotOnFailure();
      await page.goto(`${proc.base}/demo/chessboard`);
      await page.locator('#connection[data-state="live"]').waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get("building")).toBe(DEMO_CHESSBOARD.buildingId);
      const count = async (status: string) =>
        Number(await page.locator(`#counts [data-status="${status}"]`).getAttribute("data-count"));
      const free = await count("Free");
      const reserved = await count("Reserved");
      expect(free).toBeGreaterThan(0);
      expect(
        free + reserved + (await count("Booked")) + (await count("Sold")) + (await count("Hidden")),
      ).toBe(await page.locator("td.cell").count());
      const objectId =
        (await page.locator('td.cell[data-status="Free"]').last().getAttribute("data-property-object-id")) ??
        "";
      const cell = page.locator(`td.cell[data-property-object-id="${objectId}"]`);
      // Price and area are in the cell itself, not only on hover.
      expect(await cell.locator(".price").textContent()).toMatch(/₽/);
      expect(await cell.locator(".area").textContent()).toMatch(/m²/);

      for (const round of [1, 2]) {
        await cell.click();
        await expect.poll(() => cell.getAttribute("data-status"), { timeout: 30_000 }).toBe("Reserved");
        await expect.poll(() => count("Free")).toBe(free - 1);
        expect(await count("Reserved")).toBe(reserved + 1);
        await expect
          .poll(() => cell.locator(".countdown").textContent(), { timeout: 5_000 })
          .toMatch(/\d{2}:\d{2}/);
        if (round === 2) break;
        await cell.click();
        await page.locator("#cancel-booking").click();
        await expect.poll(() => cell.getAttribute("data-status"), { timeout: 30_000 }).toBe("Free");
        await expect.poll(() => count("Free")).toBe(free);
        expect(await cell.locator(".countdown").textContent()).toBe("");
      }
      expect(await page.locator("#log").textContent()).toContain("Reserved → Free");
      expect(pageErrors).toEqual([]);
      expect(blocked).toEqual([]);
    });

    it("the chessboard page says clearly when the building id is malformed or unknown", async () => {
      const { page } = browser;
      browser.screenshotOnFailure();
      await page.goto(`${proc.base}/demo/chessboard?building=not-a-building`);
      await page.locator('#connection[data-state="bad-id"]').waitFor({ timeout: 30_000 });
      expect(await page.locator("#notice").textContent()).toContain("is not a building id");
      await page.goto(`${proc.base}/demo/chessboard?building=${UUID_A}`);
      await page.locator('#connection[data-state="unknown"]').waitFor({ timeout: 30_000 });
      expect(await page.locator("#notice").textContent()).toContain(`There is no building ${UUID_A}`);
      expect(await page.locator("td.cell").count()).toBe(0);
      // Picking a real building from the list recovers.
      await page.locator("#building").selectOption(DEMO_CHESSBOARD.buildingId);
      await page.locator('#connection[data-state="live"]').waitFor({ timeout: 30_000 });
      expect(await page.locator("#notice").isHidden()).toBe(true);
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
      await browser.docsScreenshot("chessboard");
      expect(blocked).toEqual([]);
    });

    // Last: the page's WebSocket stays routed through the test from here on.
    it("the chessboard page shows a lost connection with a retry button and comes back live with a fresh snapshot", async () => {
      const { page } = browser;
      browser.screenshotOnFailure();
      const sockets: WebSocketRoute[] = [];
      await page.routeWebSocket(/\/graphql$/, (ws) => {
        ws.connectToServer();
        sockets.push(ws);
      });
      await page.goto(`${proc.base}/demo/chessboard`);
      await page.locator('#connection[data-state="live"]').waitFor({ timeout: 30_000 });
      const cells = await page.locator("td.cell").count();
      // The server goes away (1012 "service restart"): the page says so and offers a retry.
      await sockets.at(-1)?.close({ code: 1012, reason: "test: server restart" });
      await page.locator('#connection[data-state="lost"]').waitFor({ timeout: 10_000 });
      expect(await page.locator("#retry").isVisible()).toBe(true);
      await page.locator("#retry").click();
      await page.locator('#connection[data-state="live"]').waitFor({ timeout: 30_000 });
      expect(await page.locator("#retry").isVisible()).toBe(false);
      expect(await page.locator("td.cell").count()).toBe(cells);
    });
  },
);
