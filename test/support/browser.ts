import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { onTestFailed } from "vitest";
import { describeRequiring } from "./services.js";

/**
 * A real browser for the end-to-end tests: Debian's chromium (scripts/infra/install.sh installs it;
 * PIN_TEST_CHROMIUM overrides the path) driven by playwright-core, which downloads no browser.
 * Every request to a host other than the server under test is blocked and recorded: the pages
 * must work without internet access. On a failed test a screenshot lands in test-results/browser/.
 */
export const CHROMIUM_PATH = process.env.PIN_TEST_CHROMIUM ?? "/usr/bin/chromium";
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../test-results/browser");
/** The README's screenshots (docs/guide/images), refreshed by `DOCS_SCREENSHOTS=1 npm test -- newcomer-browser`. */
export const DOCS_IMAGES = path.resolve(import.meta.dirname, "../../docs/guide/images");

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** describe that needs the browser: skipped loudly without it, failing under CI=true. */
export function describeWithBrowser(title: string, fn: () => void): void {
  const missing = existsSync(CHROMIUM_PATH) ? [] : ["chromium"];
  describeRequiring(
    missing,
    `chromium is MISSING for "${title}": ${CHROMIUM_PATH} does not exist; run \`bash scripts/infra/install.sh browser\` (apt-get install chromium) or set PIN_TEST_CHROMIUM`,
    title,
    fn,
  );
}

export interface TestBrowser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** URLs of requests to other hosts, aborted */
  readonly blocked: string[];
  /** console errors and uncaught page errors */
  readonly pageErrors: string[];
  /** Registers a screenshot of `page` for when the current test fails (call inside the test). */
  screenshotOnFailure(): void;
  /** With DOCS_SCREENSHOTS=1: the page as the README shows it, to docs/guide/images/<name>.png. */
  docsScreenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Launches chromium with a fresh profile; only `allowedBase`'s host is reachable. */
export async function launchBrowser(allowedBase: string): Promise<TestBrowser> {
  const allowedHost = new URL(allowedBase).host;
  const profile = await mkdtemp(path.join(tmpdir(), "pin-chromium-"));
  // A persistent context is how playwright takes --user-data-dir: a fresh one per run.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  const blocked: string[] = [];
  const pageErrors: string[] = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.host === allowedHost) return route.continue();
    blocked.push(url.href);
    return route.abort("blockedbyclient");
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (err) => pageErrors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") pageErrors.push(msg.text());
  });
  return {
    context,
    page,
    blocked,
    pageErrors,
    screenshotOnFailure() {
      onTestFailed(async ({ task }) => {
        await mkdir(SCREENSHOT_DIR, { recursive: true });
        const file = path.join(
          SCREENSHOT_DIR,
          `${task.name.replace(/[^a-zA-Z0-9]+/g, "-").slice(0, 80)}.png`,
        );
        await page.screenshot({ path: file, fullPage: true }).catch(() => {});
        console.error(`[browser] screenshot of the failed test: ${file} (page at ${page.url()})`);
      });
    },
    async docsScreenshot(name) {
      if (process.env.DOCS_SCREENSHOTS !== "1") return;
      await mkdir(DOCS_IMAGES, { recursive: true });
      await page.screenshot({ path: path.join(DOCS_IMAGES, `${name}.png`) });
    },
    async close() {
      await context.close().catch(() => {});
      await rm(profile, { recursive: true, force: true });
    },
  };
}
