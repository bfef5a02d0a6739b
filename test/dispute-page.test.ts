// The dispute page in a real headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core; no browser is downloaded): paste an SGF, click a stone of the disputed
// group, prove, read the verdict, step through the main line drawn on the board.
// Skips with a message when /usr/bin/chromium is missing (.ci/run installs it).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { buildServer, type ArbiterServer } from "../src/server/app.js";
import { ROOT } from "./helpers/serve.js";

const CHROMIUM = "/usr/bin/chromium";
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM) {
  console.warn(`dispute-page.test.ts: skipped: ${CHROMIUM} is missing (apt-get install chromium chromium-driver; .ci/run installs it)`);
}

const CORNER = readFileSync(join(ROOT, "test", "fixtures", "server", "corner.sgf"), "utf8");

let server: ArbiterServer;
let url: string;
let context: BrowserContext;
let page: Page;
let profile: string;

describe.skipIf(!HAVE_CHROMIUM)(`the dispute page in headless Chromium${HAVE_CHROMIUM ? "" : ` (skipped: ${CHROMIUM} is missing)`}`, () => {
  beforeAll(async () => {
    server = await buildServer({ threads: 1 });
    url = await server.app.listen({ host: "127.0.0.1", port: 0 });
    profile = mkdtempSync(join(tmpdir(), "arbiter-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"],
    });
    page = context.pages()[0] ?? await context.newPage();
    // the page talks to this server only
    await page.route("**/*", (route) => (route.request().url().startsWith(url) ? route.continue() : route.abort()));
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await server?.shutdown(100);
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("paste an SGF, click a stone of the disputed group, prove: the verdict and its main line", async () => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // the page's Content-Security-Policy blocks nothing the page itself does
    page.on("console", (m) => { if (/Content Security Policy/i.test(m.text())) errors.push(m.text()); });
    await page.goto(`${url}/`);
    await expect.poll(() => page.locator("#rules option").count()).toBeGreaterThan(10);
    await page.fill("#sgf", CORNER);
    await page.selectOption("#rules", "chinese");
    await page.click("#load");
    const stone = page.locator('circle[data-vertex="A3"]');
    await stone.waitFor();
    expect(await page.locator("circle.stone").count()).toBe(12);
    await stone.click();
    await expect.poll(() => page.textContent("#selection")).toMatch(/Selected: A3 \(White\)/);
    // the whole string is marked
    expect(await page.locator("circle.target").count()).toBe(5);
    await page.click("#prove");
    await expect.poll(() => page.textContent("#verdict"), { timeout: 15_000 }).toBe("Verdict: dead");
    const details = await page.textContent("#details");
    expect(details).toMatch(/White's stones A3: captured whoever moves first/);
    expect(details).toMatch(/By the rules' dispute procedure B moves first: the stones are dead/);
    // step through the main line: Black's first move appears on the board with its number
    const stepText = await page.textContent("#stepText");
    const total = Number(/of (\d+)/.exec(stepText ?? "")?.[1]);
    expect(total).toBeGreaterThan(2);
    await page.click("#next");
    expect(await page.textContent("#stepText")).toBe(`move 1 of ${total}`);
    expect(await page.locator('circle[data-vertex="A2"][data-color="B"]').count()).toBe(1);
    await page.click("#last");
    expect(await page.textContent("#stepText")).toBe(`move ${total} of ${total}`);
    // at the end of the line the target is captured
    for (const v of ["A3", "B3", "C3", "C2", "C1"]) expect(await page.locator(`circle[data-vertex="${v}"]`).count()).toBe(0);
    await page.click("#first");
    expect(await page.locator('circle[data-color="W"]').count()).toBe(5);
    expect(errors).toEqual([]);
  });

  it("a broken SGF shows the server's message", async () => {
    await page.fill("#sgf", "(;SZ[9];B[dd]");
    await page.click("#load");
    await expect.poll(() => page.textContent("#message")).toMatch(/broken SGF/);
  });
});
