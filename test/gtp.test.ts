// `arbiter gtp` driven the way GoGui's tools drive an engine: a child process spoken to over
// stdio, commands with ids, answers "=id ..." or "?id ..." ended by an empty line. Its legality
// is the referee's (the same code path), move by move, under every rule set; its JSON and its
// verdicts are the command line's.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSgf } from "../src/sgf/read.js";
import type { GameRecord } from "../src/record/record.js";
import { indexToGtp } from "../src/core/coords.js";
import { GTP_COMMANDS } from "../src/gtp/engine.js";
import { refereeRecord } from "../src/api/operations.js";
import { ROOT, GtpClient, arbiter } from "./helpers/serve.js";

const fixture = (p: string) => join(ROOT, "test", "fixtures", p);
const noTime = (s: string) => s.replace(/"timeMs":\d+/g, '"timeMs":0');
const REQUIRED = ["protocol_version", "name", "version", "known_command", "list_commands", "boardsize", "clear_board",
  "komi", "play", "genmove", "undo", "is_legal", "captures", "final_score", "final_status_list", "showboard", "quit",
  "fixed_handicap", "place_free_handicap", "set_free_handicap", "time_settings", "time_left", "loadsgf", "printsgf",
  "arbiter-set-rules", "arbiter-prove", "arbiter-cycles"];

let gtp: GtpClient;
let tmp: string;

beforeAll(() => {
  gtp = new GtpClient();
  tmp = mkdtempSync(join(tmpdir(), "arbiter-gtp-"));
});

afterAll(async () => {
  await gtp?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const vertex = (r: GameRecord, x: number | null, y: number | null) => x === null ? "pass" : indexToGtp(y! * r.width + x, r.width, r.height);

/** A fresh game in the engine: size, setup stones, first player, komi, rules. */
async function newGame(r: GameRecord, rules: string): Promise<void> {
  await gtp.ok(`boardsize ${r.width}`);
  await gtp.ok("clear_board");
  const stones: string[] = [];
  r.setup.forEach((c, i) => { if (c) stones.push(`${c === 1 ? "b" : "w"} ${indexToGtp(i, r.width, r.height)}`); });
  if (stones.length) await gtp.ok(`gogui-setup ${stones.join(" ")}`);
  if (r.toMove) await gtp.ok(`gogui-setup_player ${r.toMove.toLowerCase()}`);
  if (r.komi !== null) await gtp.ok(`komi ${r.komi}`);
  await gtp.ok(`arbiter-set-rules ${rules}`);
}

describe("arbiter gtp", () => {
  it("answers the handshake a GUI sends", async () => {
    expect(await gtp.ok("protocol_version")).toBe("2");
    expect(await gtp.ok("name")).toBe("arbiter");
    expect(await gtp.ok("version")).toMatch(/^\d+\.\d+\.\d+/);
    const commands = (await gtp.ok("list_commands")).split("\n");
    for (const c of REQUIRED) expect(commands).toContain(c);
    expect(commands).toEqual(GTP_COMMANDS);
    expect(await gtp.ok("known_command play")).toBe("true");
    expect(await gtp.ok("known_command genmove")).toBe("true");
    expect(await gtp.ok("known_command frobnicate")).toBe("false");
    expect(await gtp.send("frobnicate b")).toEqual({ ok: false, id: expect.any(String), text: "unknown command" });
    expect((await gtp.send("boardsize 25")).text).toBe("unacceptable size");
    expect((await gtp.send("komi lots")).text).toMatch(/syntax error/);
  });

  it("plays the example game: the referee's JSON byte for byte, its cycles and its result", async () => {
    const r = readSgf(readFileSync(fixture("example.sgf"), "utf8"));
    await newGame({ ...r, komi: 7.5 }, "chinese");
    for (const m of r.moves) await gtp.ok(`play ${m.color} ${vertex(r, m.x, m.y)}`);
    // the same game as SGF: size, komi and moves
    const path = join(tmp, "example.sgf");
    writeFileSync(path, `(;GM[1]FF[4]SZ[9]KM[7.5]${r.moves.map((m) => `;${m.color}[${m.raw}]`).join("")})`);
    const cli = arbiter("referee", path, "--rules", "chinese", "--json");
    expect(cli.status, cli.stderr).toBe(0);
    expect(`${await gtp.ok("arbiter-referee")}\n`).toBe(cli.stdout);
    expect(await gtp.ok("arbiter-cycles")).toBe(JSON.stringify(JSON.parse(cli.stdout).cycles));
    const auto = JSON.parse(arbiter("referee", path, "--rules", "chinese", "--dead", "auto", "--json").stdout);
    expect(await gtp.ok("final_score")).toBe(auto.result);
    // two passes ended play under these rules
    expect((await gtp.send("play b e5")).text).toMatch(/^illegal move: play has ended \(two-passes at move 28\)/);
  });

  it("captures, is_legal, undo and showboard", async () => {
    await gtp.ok("boardsize 5");
    await gtp.ok("clear_board");
    await gtp.ok("arbiter-set-rules chinese");
    for (const m of ["b b1", "w a1", "b c3", "w d4"]) await gtp.ok(`play ${m}`);
    expect(await gtp.ok("captures b")).toBe("0");
    expect(await gtp.ok("is_legal b a2")).toBe("1");
    expect(await gtp.ok("is_legal b b1")).toBe("0");
    await gtp.ok("play b a2");
    expect(await gtp.ok("captures b")).toBe("1");
    expect(await gtp.ok("captures white")).toBe("0");
    // a single-stone suicide under Chinese rules
    expect(await gtp.ok("is_legal w a1")).toBe("0");
    expect((await gtp.send("play w a1")).text).toMatch(/^illegal move: suicide/);
    expect((await gtp.send("play w b1")).text).toMatch(/^illegal move: occupied/);
    expect((await gtp.send("play w t9")).text).toBe("illegal move: off the board");
    expect((await gtp.send("play w z9")).text).toMatch(/syntax error/);
    expect((await gtp.send("play x a1")).text).toMatch(/syntax error/);
    const board = await gtp.ok("showboard");
    expect(board).toMatch(/^\n {3}A B C D E\n 5 \. \. \. \. \. {2}5/);
    expect(board).toMatch(/ 1 \. X \. \. \. {2}1/);
    await gtp.ok("undo");
    expect(await gtp.ok("captures b")).toBe("0");
    expect(await gtp.ok("showboard")).toMatch(/ 1 O X \. \. \. {2}1/);
  });

  // every square fixture with a repetition, under each rule set: GTP accepts exactly the moves
  // the referee accepts, and refuses the first illegal one with the referee's reason
  const CASES: [string, string][] = [];
  for (const f of ["basic-ko", "double-ko", "double-ko-seki", "eternal-life", "ko-after-passes", "quadruple-ko",
    "sending-three-returning-one", "sending-two-returning-one", "snapback-replace", "suicide-replace", "triple-ko", "pass-cycle"]) {
    for (const rules of ["chinese", "japanese", "ing", "new-ing", "zhang", "aga", "tromp-taylor"]) CASES.push([`cycles/${f}.sgf`, rules]);
  }

  it.each(CASES)("legality of %s under %s is the referee's, move by move", async (file, rules) => {
    const r = readSgf(readFileSync(fixture(file), "utf8"));
    expect(r.width).toBe(r.height);
    // the referee's ruling by the command line's code path (in this process: 84 cases)
    const ruling = refereeRecord(r, { rules });
    await newGame(r, rules);
    for (const [k, m] of r.moves.entries()) {
      const answer = await gtp.send(`play ${m.color} ${vertex(r, m.x, m.y)}`);
      const judged = ruling.moves[k];
      if (!judged) {
        // the referee ended play before this move
        expect(answer.ok).toBe(false);
        expect(answer.text).toMatch(/^illegal move: play has ended/);
        break;
      }
      expect(answer.ok, `move ${k + 1}: ${answer.text}`).toBe(judged.legal);
      if (!judged.legal) {
        expect(answer.text).toBe(`illegal move: ${judged.reason} (${judged.rule})`);
        break;
      }
    }
  });

  it("rules each play move by move, also when final_score or showboard ran between plays (they take over the thread's core)", async () => {
    const r = readSgf(readFileSync(fixture("cycles/basic-ko.sgf"), "utf8"));
    const ruling = refereeRecord(r, { rules: "chinese" });
    const refused = ruling.moves.find((m) => !m.legal)!;
    expect(refused.reason).toBe("superko"); // chinese: positional superko
    await newGame(r, "chinese");
    for (const [k, m] of r.moves.entries()) {
      await gtp.ok("final_score");
      await gtp.ok("showboard");
      const answer = await gtp.send(`play ${m.color} ${vertex(r, m.x, m.y)}`);
      if (k + 1 === refused.n) {
        expect(answer.text).toBe(`illegal move: superko (${refused.rule})`);
        break;
      }
      expect(answer.ok, `move ${k + 1}: ${answer.text}`).toBe(true);
    }
    // after an undo the game is ruled from the moves that stand
    await gtp.ok("undo");
    const again = r.moves[refused.n - 2];
    expect((await gtp.send(`play ${again.color} ${vertex(r, again.x, again.y)}`)).ok).toBe(true);
  });

  it("arbiter-prove: the command line's prove JSON (but for the time), final_status_list and final_score with dead stones", async () => {
    const r = readSgf(readFileSync(fixture("server/corner.sgf"), "utf8"));
    await newGame(r, "chinese");
    const cli = arbiter("prove", fixture("server/corner.sgf"), "--target", "A3", "--rules", "chinese", "--json");
    expect(cli.status, cli.stderr).toBe(0);
    const proof = await gtp.ok("arbiter-prove A3");
    expect(noTime(`${proof}\n`)).toBe(noTime(cli.stdout));
    expect(JSON.parse(proof).verdict).toBe("dead");
    expect((await gtp.ok("final_status_list dead")).split(" ").sort()).toEqual(["A3", "B3", "C1", "C2", "C3"]);
    expect(await gtp.ok("final_status_list seki")).toBe("");
    expect((await gtp.ok("final_status_list alive")).split(" ")).toHaveLength(7);
    // the record stops in play: the command line gives no result, GTP's final_score counts the
    // position as it stands, with the same dead stones
    const auto = refereeRecord(r, { rules: "chinese", dead: "auto" }, { unfinished: "count" });
    expect(await gtp.ok("final_score")).toBe(auto.result);
    expect((await gtp.send("arbiter-prove D5")).text).toMatch(/D5 is an empty point/);
  });

  it("arbiter-set-rules takes a name or a JSON knob object; bad rules are refused", async () => {
    await gtp.ok("boardsize 9");
    await gtp.ok("clear_board");
    await gtp.ok('arbiter-set-rules {"name":"chinese","suicide":"allowed"}');
    for (const m of ["b a2", "w a1", "b b2", "w e5", "b c1"]) await gtp.ok(`play ${m}`);
    // a suicide of two stones is legal with the knob
    expect(await gtp.ok("is_legal w b1")).toBe("1");
    expect(JSON.parse(await gtp.ok("arbiter-referee")).rules).toMatchObject({ name: "custom", suicide: "allowed" });
    expect((await gtp.send("arbiter-set-rules klingon")).text).toMatch(/unknown rule set "klingon"/);
    expect((await gtp.send('arbiter-set-rules {"ko":"often"}')).text).toMatch(/bad value "often" for knob ko/);
    expect((await gtp.send("arbiter-set-rules {nope")).text).toMatch(/not valid JSON/);
    await gtp.ok("play w b1");
    expect(await gtp.ok("captures b")).toBe("2");
    // the moves so far break a rule set that forbids suicide: refused, the old rules stay
    expect((await gtp.send("arbiter-set-rules chinese")).text).toMatch(/move 6 \(W B1\) is suicide/);
    expect(JSON.parse(await gtp.ok("arbiter-referee")).rules.suicide).toBe("allowed");
  });

  it("quit answers and ends the process", async () => {
    const a = await gtp.send("quit");
    expect(a.ok).toBe(true);
    expect(await gtp.close()).toBe(0);
  });
});
