// `arbiter gtp` as GoGui's twogtp uses a referee, and the GTP v2 commands a referee engine must
// answer besides those of test/gtp.test.ts: genmove, the handicap and time commands, loadsgf and
// printsgf, gogui-analyze_commands. The expected handicap points are GTP 2 section 4.1.1's.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSgf } from "../src/sgf/read.js";
import { GTP_COMMANDS } from "../src/gtp/engine.js";
import { GtpClient, arbiter } from "./helpers/serve.js";

let tmp: string;
const clients: GtpClient[] = [];
const client = (...args: string[]) => { const c = new GtpClient(...args); clients.push(c); return c; };

beforeAll(() => { tmp = mkdtempSync(join(tmpdir(), "arbiter-gtp-referee-")); });
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** The commands each test below sends, so that every command of list_commands has a test. */
const exercised = new Set<string>();
async function ok(c: GtpClient, command: string): Promise<string> {
  exercised.add(command.split(" ")[0]);
  const a = await c.send(command);
  if (!a.ok) throw new Error(`${command}: ${a.text}`);
  return a.text;
}
async function refused(c: GtpClient, command: string): Promise<string> {
  exercised.add(command.split(" ")[0]);
  const a = await c.send(command);
  expect(a.ok, `${command} should fail`).toBe(false);
  return a.text;
}

describe("arbiter gtp as twogtp's referee", () => {
  it("referees a game two engines play (boardsize, clear_board, komi, handicap, time, play, final_score)", async () => {
    // twogtp: the players generate moves, the referee is told each one; arbiter plays both sides
    // here (genmove: a legal light-policy move), and the referee is a third process
    const black = client("--rules", "chinese");
    const white = client("--rules", "chinese");
    const referee = client("--rules", "chinese");
    const all = [black, white, referee];
    for (const c of all) {
      expect(await ok(c, "protocol_version")).toBe("2");
      await ok(c, "boardsize 9");
      await ok(c, "clear_board");
      await ok(c, "komi 5.5");
      await ok(c, "time_settings 300 30 5");
    }
    // Black places its handicap freely; the others are told where (twogtp's free handicap)
    const stones = (await ok(black, "place_free_handicap 2")).split(" ");
    expect(stones).toEqual(["C3", "G7"]);
    await ok(white, `set_free_handicap ${stones.join(" ")}`);
    await ok(referee, `set_free_handicap ${stones.join(" ")}`);
    const moves: string[] = [];
    let toMove: "w" | "b" = "w"; // White plays first after a handicap
    let passes = 0;
    while (passes < 2 && moves.length < 400) {
      const [mover, other] = toMove === "b" ? [black, white] : [white, black];
      await ok(mover, `time_left ${toMove} 200 0`);
      const v = await ok(mover, `genmove ${toMove}`);
      expect(v).toMatch(/^(pass|[A-HJ][1-9])$/);
      await ok(other, `play ${toMove} ${v}`);
      await ok(referee, `play ${toMove} ${v}`); // the referee accepts every move the players made
      moves.push(`${toMove} ${v}`);
      passes = v === "pass" ? passes + 1 : 0;
      toMove = toMove === "b" ? "w" : "b";
    }
    expect(passes).toBe(2);
    expect(moves.length).toBeGreaterThan(40);
    // play has ended: the referee refuses more, and the players cannot move
    expect(await refused(referee, "play b E5")).toMatch(/^illegal move: play has ended \(two-passes/);
    expect(await refused(black, "genmove b")).toMatch(/^cannot move: play has ended/);
    const score = await ok(referee, "final_score");
    expect(score).toMatch(/^[BW]\+\d+(\.5)?$/);
    expect(await ok(referee, "final_score")).toBe(score); // (cached: the same ruling)
    const dead = await ok(referee, "final_status_list dead");
    // the three engines agree on the game, and the referee's record is the game
    const sgf = await ok(referee, "printsgf");
    expect(await ok(black, "printsgf")).toBe(sgf);
    const r = readSgf(sgf);
    expect(r.handicap).toBe(2);
    expect(r.komi).toBe(5.5);
    expect(r.toMove).toBe("W");
    expect(r.clock?.TM).toBe(300);
    expect(r.moves.map((m) => `${m.color.toLowerCase()} ${m.x === null ? "pass" : m.raw}`)).toHaveLength(moves.length);
    expect(Array.from(r.setup).filter((c) => c === 1)).toHaveLength(2);
    // the command line rules the same record the same way
    const file = join(tmp, "twogtp.sgf");
    await ok(referee, `printsgf ${file}`);
    expect(readFileSync(file, "utf8")).toBe(`${sgf}\n`.replace(/\n\n$/, "\n"));
    const cli = arbiter("referee", file, "--rules", "chinese", "--dead", "auto", "--json");
    expect(cli.status, cli.stderr).toBe(0);
    const ruling = JSON.parse(cli.stdout);
    expect(ruling.result).toBe(score);
    expect([...ruling.dead].sort()).toEqual(dead ? dead.split(" ").sort() : []);
  });
});

describe("arbiter gtp: the commands of a referee engine", () => {
  let gtp: GtpClient;
  beforeAll(() => { gtp = client("--rules", "chinese"); });

  it("fixed_handicap and place_free_handicap put the stones where GTP 2 section 4.1.1 puts them", async () => {
    const at = async (size: number, n: number) => {
      await ok(gtp, `boardsize ${size}`);
      return ok(gtp, `fixed_handicap ${n}`);
    };
    expect(await at(19, 9)).toBe("D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
    expect(await at(19, 2)).toBe("D4 Q16");
    expect(await at(19, 5)).toBe("D4 Q16 D16 Q4 K10");
    expect(await at(19, 6)).toBe("D4 Q16 D16 Q4 D10 Q10");
    expect(await at(19, 7)).toBe("D4 Q16 D16 Q4 D10 Q10 K10");
    expect(await at(13, 8)).toBe("D4 K10 D10 K4 D7 K7 G4 G10");
    expect(await at(9, 4)).toBe("C3 G7 C7 G3");
    expect(await at(7, 4)).toBe("C3 E5 C5 E3");
    // the stones are Black's setup, and White plays next
    const board = await ok(gtp, "showboard");
    expect(board).toMatch(/ 3 \. \. X \. X \. \. {2}3/);
    expect(await ok(gtp, "is_legal w D4")).toBe("1");
    // sizes and numbers the table has no points for; a board that is not empty
    await ok(gtp, "boardsize 7");
    expect(await refused(gtp, "fixed_handicap 5")).toBe("invalid number of stones");
    await ok(gtp, "boardsize 10");
    expect(await refused(gtp, "fixed_handicap 5")).toBe("invalid number of stones");
    await ok(gtp, "boardsize 19");
    expect(await refused(gtp, "fixed_handicap 10")).toBe("invalid number of stones");
    expect(await refused(gtp, "fixed_handicap 1")).toBe("invalid number of stones");
    expect(await refused(gtp, "fixed_handicap two")).toMatch(/^syntax error/);
    await ok(gtp, "boardsize 5");
    expect(await refused(gtp, "place_free_handicap 2")).toBe("invalid number of stones");
    await ok(gtp, "boardsize 19");
    expect(await ok(gtp, "place_free_handicap 4")).toBe("D4 Q16 D16 Q4");
    expect(await refused(gtp, "fixed_handicap 2")).toBe("board not empty");
    await ok(gtp, "clear_board");
    await ok(gtp, "play b K10");
    expect(await refused(gtp, "place_free_handicap 2")).toBe("board not empty");
  });

  it("set_free_handicap takes the controller's stones; a bad list is refused", async () => {
    await ok(gtp, "boardsize 9");
    expect(await refused(gtp, "set_free_handicap E5")).toMatch(/^bad vertex list/);
    expect(await refused(gtp, "set_free_handicap E5 E5")).toBe("bad vertex list: E5 twice");
    expect(await refused(gtp, "set_free_handicap E5 pass")).toMatch(/^bad vertex list/);
    expect(await refused(gtp, "set_free_handicap E5 Z9")).toMatch(/^syntax error/);
    await ok(gtp, "set_free_handicap A1 J9 E5");
    const sgf = readSgf(await ok(gtp, "printsgf"));
    expect(sgf.handicap).toBe(3);
    expect(Array.from(sgf.setup).reduce((n, c) => n + (c === 1 ? 1 : 0), 0)).toBe(3);
    expect(await refused(gtp, "set_free_handicap B2 C3")).toBe("board not empty");
  });

  it("time_settings and time_left are taken (no time limit: byo-yomi time without stones)", async () => {
    await ok(gtp, "clear_board");
    await ok(gtp, "time_settings 0 1 0");
    expect(readSgf(await ok(gtp, "printsgf")).clock).toBeUndefined();
    await ok(gtp, "time_settings 1800 30 5");
    expect(readSgf(await ok(gtp, "printsgf")).clock?.TM).toBe(1800);
    await ok(gtp, "time_left b 1700 0");
    await ok(gtp, "time_left white 25 3");
    expect(await refused(gtp, "time_settings 10 x 1")).toMatch(/^syntax error/);
    expect(await refused(gtp, "time_settings 10 1")).toMatch(/^syntax error/);
    expect(await refused(gtp, "time_left b -5 0")).toMatch(/^syntax error/);
    expect(await refused(gtp, "time_left x 5 0")).toMatch(/^syntax error/);
  });

  it("genmove plays a legal move that fills no eye of the mover's, or passes; reg_genmove plays nothing", async () => {
    await ok(gtp, "boardsize 5");
    await ok(gtp, "clear_board");
    // Black owns the board but its two eyes, A1 and C1: a move there would fill an eye
    // (White cannot play them: suicide)
    const black = "A2 B2 C2 D2 E2 B1 D1 E1 A3 B3 C3 D3 E3 A4 B4 C4 D4 E4 A5 B5 C5 D5 E5".split(" ");
    await ok(gtp, `gogui-setup ${black.map((v) => `b ${v}`).join(" ")}`);
    expect(await ok(gtp, "genmove b")).toBe("pass");
    expect(await ok(gtp, "genmove w")).toBe("pass");
    await ok(gtp, "clear_board");
    const v = await ok(gtp, "reg_genmove b");
    expect(v).toMatch(/^[A-E][1-5]$/);
    expect(await ok(gtp, "showboard")).toMatch(/moves: 0/);
    const played = await ok(gtp, "genmove b");
    expect(await ok(gtp, "showboard")).toMatch(/moves: 1/);
    expect(await ok(gtp, `is_legal w ${played}`)).toBe("0"); // occupied now
    expect(await refused(gtp, "genmove")).toMatch(/^syntax error/);
  });

  it("loadsgf sets the game from a record (up to a move), printsgf writes it back", async () => {
    const file = join(tmp, "load.sgf");
    writeFileSync(file, "(;GM[1]FF[4]SZ[7]KM[6.5]AB[dd];W[cc];B[ee];W[ce];B[ec])");
    await ok(gtp, `loadsgf ${file}`);
    let board = await ok(gtp, "showboard");
    expect(board).toMatch(/komi 6.5/);
    expect(board).toMatch(/moves: 4/);
    await ok(gtp, `loadsgf ${file} 3`); // the position before move 3: W C5, B E3
    board = await ok(gtp, "showboard");
    expect(board).toMatch(/moves: 2/);
    const r = readSgf(await ok(gtp, "printsgf"));
    expect(r.width).toBe(7);
    expect(r.moves.map((m) => m.raw)).toEqual(["cc", "ee"]);
    expect(await refused(gtp, `loadsgf ${join(tmp, "missing.sgf")}`)).toMatch(/^cannot load file/);
    writeFileSync(join(tmp, "rect.sgf"), "(;SZ[7:5];B[aa])");
    expect(await refused(gtp, `loadsgf ${join(tmp, "rect.sgf")}`)).toMatch(/^cannot load file: the board is 7x5/);
    // a record whose moves break the rules is refused, and the game stays as it was
    writeFileSync(join(tmp, "bad.sgf"), "(;SZ[5];B[aa];W[aa])");
    expect(await refused(gtp, `loadsgf ${join(tmp, "bad.sgf")}`)).toMatch(/^cannot load file: move 2 \(W A5\) is occupied/);
    expect(await ok(gtp, "showboard")).toMatch(/moves: 2/);
    expect(await refused(gtp, `loadsgf ${file} x`)).toMatch(/^syntax error/);
    expect(await refused(gtp, "printsgf /nonexistent/dir/out.sgf")).toMatch(/^cannot write \/nonexistent\/dir\/out.sgf: ENOENT/);
  });

  it("gogui-analyze_commands lists arbiter's commands in GoGui's type/label/command form", async () => {
    const lines = (await ok(gtp, "gogui-analyze_commands")).split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const line of lines) {
      const [type, label, command] = line.split("/");
      expect(["string", "plist", "none", "sboard", "gfx"]).toContain(type);
      expect(label.length).toBeGreaterThan(3);
      expect(GTP_COMMANDS).toContain(command.split(" ")[0]);
    }
    expect(lines.some((l) => l.endsWith("/arbiter-prove %p"))).toBe(true);
  });

  it("words its errors for GTP: no command-line flags, a komi out of range named as such", async () => {
    await ok(gtp, "boardsize 9");
    const prove = await refused(gtp, "arbiter-prove E5");
    expect(prove).toBe("the target E5 is an empty point");
    expect(prove).not.toMatch(/--/);
    expect(await refused(gtp, "komi -5000")).toBe("komi -5000 is out of range: from -1000 to 1000");
    expect(await refused(gtp, "komi 7,5")).toMatch(/^syntax error/);
  });

  it("every command of list_commands was sent by a test (here or in test/gtp.test.ts)", async () => {
    const listed = (await ok(gtp, "list_commands")).split("\n");
    expect(listed).toEqual(GTP_COMMANDS);
    // test/gtp.test.ts sends these
    const elsewhere = ["name", "version", "known_command", "list_commands", "quit", "clear_board", "play", "undo", "is_legal",
      "captures", "final_score", "final_status_list", "showboard", "arbiter-set-rules", "arbiter-prove", "arbiter-cycles",
      "arbiter-referee", "gogui-setup", "gogui-setup_player", "komi", "boardsize", "protocol_version"];
    for (const c of listed) expect(exercised.has(c) || elsewhere.includes(c), c).toBe(true);
  });
});
