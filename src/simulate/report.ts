// Writing a simulation report: a Markdown table (the default), CSV, a bar chart of cycle
// frequencies as SVG; and merging the JSON reports of shards into the report of the whole run.
import { readFileSync } from "node:fs";
import { ArbiterError } from "../errors.js";
import type { RuleSet } from "../ruleset/ruleset.js";
import { addPart, emptyPart, newPairStats, newRuleStats, offerExample, type PairStats, type RuleStats, type SimPart } from "./stats.js";
import { buildReport, type RuleReport, type SimReport } from "./run.js";
import { mcnemarExact, per1000Interval } from "./intervals.js";

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/\.?0+$/, ""));

function kindsOf(r: SimReport): string[] {
  const kinds = new Set<string>();
  for (const s of Object.values(r.rules)) for (const k of Object.keys(s.cycles)) kinds.add(k);
  return [...kinds].sort();
}

function keysOf(r: SimReport, field: "forbidden" | "endReasons" | "decidedBy"): string[] {
  const keys = new Set<string>();
  for (const s of Object.values(r.rules)) for (const k of Object.keys(s[field])) keys.add(k);
  return [...keys].sort();
}

const per1000 = (k: number, n: number) => (n ? fmt((k / n) * 1000) : "0");

export function markdownReport(r: SimReport): string {
  const names = r.rulesOrder;
  const out: string[] = [];
  const size = `${r.size.width}x${r.size.height}`;
  out.push(`${r.gamesDone} games per rule set on ${size}, policy ${r.policy}, seed ${r.seed}` +
    `${r.shard && r.shard.count > 1 ? `, shard ${r.shard.index}/${r.shard.count}` : ""}` +
    `${r.merged ? `, merged from ${r.merged.length} report${r.merged.length === 1 ? "" : "s"}` : ""}: ${r.ms} ms, ${r.gamesPerSec} games/s with ${r.workers} worker${r.workers === 1 ? "" : "s"}` +
    `${r.interrupted ? " (INTERRUPTED: partial)" : ""}`);
  // a merge that lacks a shard is a part of the run, and says so
  const missing = r.merged ? missingGames(r) : [];
  if (missing.length) out.push("", `PARTIAL: ${gameSpans(missing)} of the run's ${r.games} are in none of the reports merged`);
  out.push("");
  out.push("| rule set | games | mean length (sd) | B | W | draw | void | mean margin | forbidden / game | games with a cycle |");
  out.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const n of names) {
    const s = r.rules[n];
    out.push(`| ${n} | ${s.games} | ${fmt(s.meanLength)} (${fmt(s.sdLength)}) | ${s.results.B ?? 0} | ${s.results.W ?? 0} | ` +
      `${s.results.draw ?? 0} | ${s.results.void ?? 0} | ${fmt(s.meanMargin as number)} | ${fmt(s.forbiddenPerGame as number)} | ${s.gamesWithCycle} |`);
  }
  const table = (title: string, rows: string[], cell: (s: RuleStats, row: string) => string) => {
    if (!rows.length) return;
    out.push("", `| ${title} | ${names.join(" | ")} |`, `|---|${names.map(() => "---:").join("|")}|`);
    for (const row of rows) out.push(`| ${row} | ${names.map((n) => cell(r.rules[n], row)).join(" | ")} |`);
  };
  const kinds = kindsOf(r);
  if (kinds.length) {
    table("cycles: count (per 1000 games) [periods]", kinds, (s, k) => {
      const c = s.cycles[k];
      if (!c) return "0";
      const periods = Object.entries(c.periods).sort((a, b) => Number(a[0]) - Number(b[0])).map(([p, v]) => `${p}:${v}`).join(" ");
      return `${c.count} (${per1000(c.count, s.games)}) [${periods}]`;
    });
  } else {
    out.push("", "No cycles (board recurrences) occurred.");
  }
  const rows = ["B", "W", "draw", "void"].filter((k) => names.some((n) => (r.rules[n].results[k] ?? 0) > 0));
  // a rate of games per 1000 with its 95% interval (intervals.ts)
  const rateCell = (k: number, n: number) => {
    const ci = per1000Interval(k, n);
    return `${fmt(n ? (k / n) * 1000 : 0)} (${ci ? `${fmt(ci[0])}-${fmt(ci[1])}` : "-"})`;
  };
  const rateRows: [string, (s: RuleReport) => string][] = [
    ...rows.map((k): [string, (s: RuleReport) => string] => [k === "B" || k === "W" ? `${k} wins` : k, (s) => rateCell(s.results[k] ?? 0, s.games)]),
    ["games with a cycle", (s) => rateCell(s.gamesWithCycle, s.games)],
    ...kinds.map((k): [string, (s: RuleReport) => string] => [`games with a ${k}`, (s) => rateCell(s.cycles[k]?.games ?? 0, s.games)]),
    ["games with a pass cycle (apart)", (s) => rateCell(s.gamesWithPassCycle, s.games)],
  ];
  out.push("", `| per 1000 games (95% interval) | ${names.join(" | ")} |`, `|---|${names.map(() => "---:").join("|")}|`);
  for (const [label, cell] of rateRows) out.push(`| ${label} | ${names.map((n) => cell(r.rules[n])).join(" | ")} |`);
  table("end reason", keysOf(r, "endReasons"), (s, k) => String(s.endReasons[k] ?? 0));
  table("forbidden candidates", keysOf(r, "forbidden"), (s, k) => String(s.forbidden[k] ?? 0));
  table("decided by", keysOf(r, "decidedBy"), (s, k) => String(s.decidedBy[k] ?? 0));
  if (r.paired) {
    out.push("", "Paired: each game generated under the row's rule set, replayed and counted under the column's:",
      "illegal games / winner changed / void there only / Black wins under the row's only : under the column's only",
      "(exact McNemar test, two-sided p).", "",
      `| generated under | ${names.map((n) => `under ${n}`).join(" | ")} |`, `|---|${names.map(() => "---:").join("|")}|`);
    for (const a of names) {
      out.push(`| ${a} | ${names.map((b) => {
        const p = r.paired?.[a]?.[b];
        if (!p) return "-";
        const illegal = Object.values(p.illegal).reduce((x, y) => x + y, 0);
        const here = p.blackWinsHereOnly ?? 0, there = p.blackWinsThereOnly ?? 0;
        return `${illegal} / ${p.winnerChanged} / ${p.voidOnlyThere} / ${here} : ${there} (p ${pValue(mcnemarExact(here, there))})`;
      }).join(" | ")} |`);
    }
  }
  if (r.examples.some((e) => e.file)) {
    out.push("", "Examples:");
    for (const e of r.examples) if (e.file) out.push(`- ${e.file}: ${e.rules}${e.under ? ` replayed under ${e.under}` : ""}, game ${e.game}: ${e.what}`);
  }
  return out.join("\n") + "\n";
}

/** A p-value as a paper prints it: 3 significant digits, "< 1e-300" below what doubles hold. */
function pValue(p: number): string {
  if (p >= 0.001) return p.toFixed(3).replace(/\.?0+$/, "") || "0";
  return p > 0 ? p.toExponential(2) : "< 1e-300";
}

const csvCell = (v: string | number) => (typeof v === "number" ? fmt(v) : /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Long format: one row per figure (rules, section, key, value). */
export function csvReport(r: SimReport): string {
  const rows: (string | number)[][] = [["rules", "section", "key", "value"]];
  for (const n of r.rulesOrder) {
    const s = r.rules[n];
    rows.push([n, "games", "", s.games], [n, "length", "mean", s.meanLength], [n, "length", "sd", s.sdLength],
      [n, "length", "sum", s.length.sum], [n, "length", "sumSquares", s.length.sumSquares],
      [n, "length", "min", s.length.min ?? 0], [n, "length", "max", s.length.max ?? 0]);
    for (const [k, v] of Object.entries(s.results)) rows.push([n, "results", k, v]);
    for (const [k, v] of Object.entries(s.endReasons)) rows.push([n, "endReasons", k, v]);
    for (const [k, v] of Object.entries(s.forbidden)) rows.push([n, "forbidden", k, v]);
    for (const [k, v] of Object.entries(s.decidedBy)) rows.push([n, "decidedBy", k, v]);
    for (const [k, v] of Object.entries(s.cycles)) {
      rows.push([n, "cycles", k, v.count], [n, "cyclesPer1000Games", k, s.games ? (v.count / s.games) * 1000 : 0]);
      for (const [p, c] of Object.entries(v.periods)) rows.push([n, `cyclePeriods:${k}`, p, c]);
    }
    rows.push([n, "gamesWithCycle", "", s.gamesWithCycle], [n, "gamesWithPassCycle", "", s.gamesWithPassCycle],
      [n, "passCycles", "", s.passCycles.count]);
    for (const [k, v] of Object.entries(s.cycles)) rows.push([n, "gamesWithCycleOfKind", k, v.games]);
    const ci = s.ci95Per1000;
    const ciRows = (key: string, c: [number, number] | null | undefined) => { if (c) rows.push([n, "ci95Per1000Low", key, c[0]], [n, "ci95Per1000High", key, c[1]]); };
    if (ci) {
      for (const [k, c] of Object.entries(ci.results)) ciRows(`results:${k}`, c);
      ciRows("gamesWithCycle", ci.gamesWithCycle);
      for (const [k, c] of Object.entries(ci.gamesWithCycleOfKind)) ciRows(`gamesWithCycleOfKind:${k}`, c);
      ciRows("gamesWithPassCycle", ci.gamesWithPassCycle);
    }
  }
  if (r.paired) {
    for (const [a, row] of Object.entries(r.paired)) {
      for (const [b, p] of Object.entries(row)) {
        for (const [k, v] of Object.entries(p.illegal)) rows.push([`${a}>${b}`, "pairedIllegal", k, v]);
        rows.push([`${a}>${b}`, "pairedWinnerChanged", "", p.winnerChanged], [`${a}>${b}`, "pairedVoidOnlyThere", "", p.voidOnlyThere]);
        rows.push([`${a}>${b}`, "pairedBlackWinsHereOnly", "", p.blackWinsHereOnly ?? 0], [`${a}>${b}`, "pairedBlackWinsThereOnly", "", p.blackWinsThereOnly ?? 0],
          [`${a}>${b}`, "pairedMcNemarP", "", mcnemarExact(p.blackWinsHereOnly ?? 0, p.blackWinsThereOnly ?? 0)]);
      }
    }
  }
  return rows.map((row) => row.map(csvCell).join(",")).join("\n") + "\n";
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const COLOURS = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"];

/** Grouped bar chart: cycles per 1000 games, by kind, one bar per rule set, on a log scale (the
 *  kinds range from a few per million games to several per game). */
export function svgReport(r: SimReport): string {
  const kinds = kindsOf(r);
  const names = r.rulesOrder;
  const groupW = Math.max(60, names.length * 14 + 20);
  const left = 60, top = 40, plotH = 260, bottom = 110;
  const width = left + Math.max(1, kinds.length) * groupW + 180;
  const height = top + plotH + bottom;
  const rate = (n: string, k: string) => {
    const s = r.rules[n];
    return s.games ? ((s.cycles[k]?.games ?? 0) / s.games) * 1000 : 0;
  };
  const ci = (n: string, k: string) => per1000Interval(r.rules[n].cycles[k]?.games ?? 0, r.rules[n].games);
  const rates = kinds.flatMap((k) => names.flatMap((n) => [rate(n, k), ...(ci(n, k) ?? [])])).filter((v) => v > 0);
  const lo = Math.ceil(Math.log10(Math.min(...rates, 1))) - 1; // the rarest kind keeps a visible bar
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...rates, 1))));
  const y = (v: number) => top + plotH - ((Math.log10(v) - lo) / (hi - lo)) * plotH;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`);
  parts.push(`<rect width="100%" height="100%" fill="white"/>`);
  parts.push(`<text x="${left}" y="20" font-size="14">${xml(`Games with a cycle of each kind per 1000 games, 95% intervals, log scale (${r.size.width}x${r.size.height}, ${r.gamesDone} games per rule set, policy ${r.policy}, seed ${r.seed}; pass cycles apart)`)}</text>`);
  for (let e = lo; e <= hi; e++) {
    const v = 10 ** e;
    parts.push(`<line x1="${left}" x2="${left + Math.max(1, kinds.length) * groupW}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#ddd"/>`);
    parts.push(`<text x="${left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${fmt(Number(v.toPrecision(6)))}</text>`);
  }
  kinds.forEach((k, i) => {
    const gx = left + i * groupW + 10;
    names.forEach((n, j) => {
      const v = rate(n, k);
      const c = ci(n, k);
      const x = gx + j * 14;
      if (v > 0) {
        const h = top + plotH - y(v);
        parts.push(`<rect x="${x}" y="${y(v).toFixed(1)}" width="12" height="${h.toFixed(1)}" fill="${COLOURS[j % COLOURS.length]}"><title>${xml(`${n}, ${k}: ${fmt(v)} per 1000 games${c ? ` (95% interval ${fmt(c[0])}-${fmt(c[1])})` : ""}`)}</title></rect>`);
      }
      if (c && c[1] > 0) {
        // the interval as a whisker (a lower bound of 0 reaches the axis)
        const y1 = c[0] > 10 ** lo ? y(c[0]) : top + plotH, y2 = y(c[1]);
        parts.push(`<path d="M${x + 6} ${y1.toFixed(1)}V${y2.toFixed(1)}M${x + 3} ${y2.toFixed(1)}H${x + 9}${c[0] > 10 ** lo ? `M${x + 3} ${y1.toFixed(1)}H${x + 9}` : ""}" stroke="#222" fill="none"/>`);
      }
    });
    const cx = gx + (names.length * 14) / 2;
    parts.push(`<text transform="translate(${cx},${top + plotH + 12}) rotate(35)" text-anchor="start">${xml(k)}</text>`);
  });
  if (!kinds.length) parts.push(`<text x="${left + 10}" y="${top + plotH / 2}">no cycles occurred</text>`);
  parts.push(`<line x1="${left}" x2="${left}" y1="${top}" y2="${top + plotH}" stroke="#333"/>`);
  parts.push(`<line x1="${left}" x2="${left + Math.max(1, kinds.length) * groupW}" y1="${top + plotH}" y2="${top + plotH}" stroke="#333"/>`);
  const lx = left + Math.max(1, kinds.length) * groupW + 20;
  names.forEach((n, j) => {
    parts.push(`<rect x="${lx}" y="${top + j * 18}" width="12" height="12" fill="${COLOURS[j % COLOURS.length]}"/>`);
    parts.push(`<text x="${lx + 18}" y="${top + j * 18 + 10}">${xml(n)}</text>`);
  });
  parts.push("</svg>");
  return parts.join("\n") + "\n";
}

// ---- merging shard reports ------------------------------------------------------------------

function statsOf(s: RuleStats): RuleStats {
  // the sums only: derived figures are recomputed from them
  const base = newRuleStats();
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(base)) out[k] = (s as unknown as Record<string, unknown>)[k];
  return out as unknown as RuleStats;
}

function pairOf(p: PairStats): PairStats {
  const base = newPairStats();
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(base)) out[k] = (p as unknown as Record<string, unknown>)[k];
  return out as unknown as PairStats;
}

function readReport(file: string): SimReport {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new ArbiterError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`);
  }
  let r: SimReport;
  try {
    r = JSON.parse(text) as SimReport;
  } catch {
    throw new ArbiterError(`${file} is not JSON: give the output of \`arbiter simulate ... --json\``);
  }
  if (!r || r.command !== "simulate" || typeof r.rules !== "object" || !Array.isArray(r.ranges)) {
    throw new ArbiterError(`${file} is not a simulate report (made by \`arbiter simulate ... --json\`)`);
  }
  return r;
}

/** The games of the run [0, games) that no range of the report holds (a shard not merged). */
export function missingGames(r: Pick<SimReport, "games" | "ranges">): [number, number][] {
  const out: [number, number][] = [];
  let at = 0;
  for (const [a, b] of [...r.ranges].sort((x, y) => x[0] - y[0])) {
    if (a > at) out.push([at, a]);
    at = Math.max(at, b);
  }
  if (at < r.games) out.push([at, r.games]);
  return out;
}

/** Games [a, b) as words: "games 50 to 99". */
export const gameSpans = (spans: [number, number][]): string =>
  spans.map(([a, b]) => (b - a === 1 ? `game ${a}` : `games ${a} to ${b - 1}`)).join(", ");

/** Combines the JSON reports of disjoint slices of one run into the report of their union. */
export function mergeReports(files: string[]): SimReport {
  if (files.length === 0) throw new ArbiterError("merge needs at least one report");
  const reports = files.map(readReport);
  const first = reports[0];
  const same = (r: SimReport) => JSON.stringify([r.size, r.policy, r.seed, r.games, r.rulesOrder, r.rulesOrder.map((k) => r.rules[k]?.knobs), !!r.paired]);
  const key = same(first);
  reports.forEach((r, i) => {
    if (same(r) !== key) {
      throw new ArbiterError(`${files[i]} is not a slice of the same run as ${files[0]} (board, policy, seed, games, rule sets and --paired must match)`);
    }
    if (r.interrupted) throw new ArbiterError(`${files[i]} is an interrupted run: its games are not a whole slice`);
  });
  const ranges = reports.flatMap((r) => r.ranges).sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i][0] < ranges[i - 1][1]) {
      throw new ArbiterError(`the reports overlap (games ${ranges[i][0]} to ${Math.min(ranges[i][1], ranges[i - 1][1]) - 1} are in two of them): each game may be counted once`);
    }
  }
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && last[1] === r[0]) last[1] = r[1];
    else merged.push([r[0], r[1]]);
  }
  const part: SimPart = emptyPart();
  for (const r of reports) {
    const p: SimPart = { rules: {}, paired: null, examples: {}, games: r.gamesDone };
    for (const k of r.rulesOrder) p.rules[k] = statsOf(r.rules[k]);
    if (r.paired) {
      p.paired = {};
      for (const [a, row] of Object.entries(r.paired)) {
        p.paired[a] = {};
        for (const [b, s] of Object.entries(row)) p.paired[a][b] = pairOf(s);
      }
    }
    for (const e of r.examples) {
      const { file: _file, ...rest } = e;
      offerExample(p.examples, e.key ?? `${e.rules}|${e.under ?? ""}|${e.what}`, rest);
    }
    addPart(part, p);
  }
  const knobs: Record<string, RuleSet> = Object.fromEntries(first.rulesOrder.map((k) => [k, first.rules[k].knobs]));
  return buildReport(part, {
    command: "simulate", version: 1, size: first.size, policy: first.policy, seed: first.seed, games: first.games,
    ranges: merged, shard: null, rulesOrder: first.rulesOrder, workers: Math.max(...reports.map((r) => r.workers)),
    ms: reports.reduce((a, r) => a + r.ms, 0), interrupted: false, merged: files,
  }, knobs);
}

