// The dispute page in a real headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core; no browser is downloaded): paste an SGF, click a stone of the disputed
// group, prove, read the verdict, step through the main line drawn on the board.
// Skips with a message when /usr/bin/chromium is missing (.ci/run installs it).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import sgf from "@sabaki/sgf";
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
    await expect.poll(() => page.textContent("#verdict"), { timeout: 15_000 }).toBe("Verdict: dead (chinese rules)");
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
    for (const v of ["A3", "B3", "C3", "C2", "C1"]) expect(await page.locator(`circle.stone[data-vertex="${v}"]`).count()).toBe(0);
    await page.click("#first");
    expect(await page.locator('circle[data-color="W"]').count()).toBe(5);
    expect(errors).toEqual([]);
  });

  it("a whole game: step to a move, the last move and star points, judge there, count with territory, cancel a proof, download a line", async () => {
    const bad: string[] = [];
    const errors: string[] = [];
    const onResponse = (r: { status(): number; url(): string }) => { if (r.status() >= 400) bad.push(`${r.status()} ${r.url()}`); };
    page.on("response", onResponse);
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${url}/`);
    await expect.poll(() => page.locator("#rules option").count()).toBeGreaterThan(10);
    // test/fixtures/example.sgf: 9x9, 28 moves, the last two passes (RU Chinese)
    await page.fill("#sgf", readFileSync(join(ROOT, "test", "fixtures", "example.sgf"), "utf8"));
    await page.selectOption("#rules", "chinese");
    await page.click("#load");
    await expect.poll(() => page.textContent("#gameText")).toBe("move 28 of 28 (W pass)");
    expect(await page.locator("circle.star").count()).toBe(5); // 9x9: C3 G3 C7 G7 and E5
    expect((await page.locator("circle.star").evaluateAll((els) => els.map((e) => e.getAttribute("data-vertex")))).sort())
      .toEqual(["C3", "C7", "E5", "G3", "G7"]);
    // two moves back: White's H7, which captured G7, is the last move, ringed with its number
    await page.click("#gPrev");
    await page.click("#gPrev");
    await expect.poll(() => page.textContent("#gameText")).toBe("move 26 of 28 (W H7)");
    expect(await page.locator('circle.last[data-vertex="H7"][data-move="26"]').count()).toBe(1);
    // the game's move numbers on the standing stones: Black's first move D9, White's E9 (moves 1, 2)
    expect(await page.locator("text.number").count()).toBe(0);
    await page.check("#showNumbers");
    expect(await page.textContent('text.number[data-vertex="D9"]')).toBe("1");
    expect(await page.textContent('text.number[data-vertex="E9"]')).toBe("2");
    expect(await page.locator('text.number[data-vertex="G7"]').count()).toBe(0); // captured by move 26
    await page.uncheck("#showNumbers");
    // judge there: the verdict names the rule set and the move
    const white = await page.locator('circle.stone[data-color="W"]').first().getAttribute("data-vertex");
    await page.click(`circle.stone[data-vertex="${white}"]`);
    await page.click("#prove");
    await expect.poll(() => page.textContent("#verdict"), { timeout: 20_000 }).toMatch(/^Verdict: \w+ \(chinese rules, at move 26\)$/);
    // the count there, of the position as it stands at move 26 (a request with atMove)
    await page.click("#clear");
    await page.click("#countBtn");
    await expect.poll(() => page.textContent("#count")).toMatch(/^Count under chinese \(area\): Black \d+(\.5)?, White \d+(\.5)?, komi 7\.5/);
    expect(await page.textContent("#message")).toBe("");
    // the end of the game: the count with no stone dead, its territory on the board
    await page.click("#gLast");
    await expect.poll(() => page.textContent("#gameText")).toBe("move 28 of 28 (W pass)");
    await page.click("#countBtn");
    // arbiter referee example.sgf --rules chinese: Black 9 stones + 27 empty, White 13 + 32
    await expect.poll(() => page.textContent("#count")).toMatch(/^Count under chinese \(area\): Black 36, White 45, komi 7\.5: W\+16\.5/);
    expect(await page.locator('rect.territory[data-owner="B"]').count()).toBe(27);
    expect(await page.locator('rect.territory[data-owner="W"]').count()).toBe(32);
    // two strings of one colour selected: the warning
    const pick = (v: string | null) => page.click(`circle.stone[data-vertex="${v}"]`);
    search: for (const colour of ["W", "B"]) {
      const stones = await page.locator(`circle.stone[data-color="${colour}"]`).evaluateAll((els) => els.map((e) => e.getAttribute("data-vertex")));
      await pick(stones[0]);
      for (const v of stones.slice(1)) {
        await pick(v);
        if ((await page.textContent("#warning"))?.startsWith("Several strings")) break search;
        // a stone of the same string: the click took the selection back; select the first again
        if ((await page.locator("circle.target").count()) === 0) await pick(stones[0]);
      }
      await page.click("#clear");
    }
    await expect.poll(() => page.textContent("#warning")).toMatch(/^Several strings are selected/);
    // a proof that cannot finish soon, cancelled: the page says so and can prove again
    await page.fill("#sgf", "(;GM[1]SZ[19]AB[jj])");
    await page.click("#load");
    await page.locator('circle.stone[data-vertex="K10"]').click();
    await page.fill("#seconds", "60");
    await page.click("#prove");
    await expect.poll(() => page.textContent("#verdict")).toMatch(/^Proving\.\.\. \d+ s of at most 60 s$/);
    expect(await page.isHidden("#cancel")).toBe(false);
    await page.click("#cancel");
    await expect.poll(() => page.textContent("#message")).toBe("Cancelled: the proof was stopped.");
    expect(await page.isDisabled("#prove")).toBe(false);
    // the corner: prove, then download the line as SGF
    await page.fill("#sgf", CORNER);
    await page.click("#load");
    await page.locator('circle[data-vertex="A3"]').click();
    await page.fill("#seconds", "10");
    await page.click("#prove");
    await expect.poll(() => page.textContent("#verdict"), { timeout: 15_000 }).toBe("Verdict: dead (chinese rules)");
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
    expect(download.suggestedFilename()).toMatch(/^proof-A3-(attacker|defender)-first\.sgf$/);
    const text = readFileSync((await download.path())!, "utf8");
    // the proof tree as prove --proof writes it: the position, then every variation
    expect(text).toMatch(/C\[arbiter proof, chinese rules, (attacker|defender) first: the target is captured\]/);
    expect(text).toMatch(/AB\[af\]\[bf\]\[cf\]\[df\]\[dg\]\[dh\]\[di\]AW\[ag\]\[bg\]\[cg\]\[ch\]\[ci\]/);
    const tree = sgf.parse(text) as { children: unknown[] }[];
    expect(tree[0].children.length).toBeGreaterThanOrEqual(1);
    expect(text.match(/\(/g)!.length).toBeGreaterThan(2); // variations, not one line
    page.off("response", onResponse);
    expect(bad).toEqual([]); // no request failed (no favicon 404)
    expect(errors).toEqual([]);
  }, 90_000);

  it("a broken SGF shows the server's message", async () => {
    await page.fill("#sgf", "(;SZ[9];B[dd]");
    await page.click("#load");
    await expect.poll(() => page.textContent("#message")).toMatch(/broken SGF/);
  });
});
