// Every clause a ruling cites can be looked up in the repository: docs/rules.md has a heading for
// each clause number the referee prints (ing 1.4, zhang 3.4, docs/rules.md 5, ...), and no
// ruling points to a document that does not ship (RULES.md, DESIGN.md).
import { describe, it, expect } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/serve.js";
import { readSgf } from "../src/sgf/read.js";
import { refereeRecord } from "../src/api/operations.js";
import { explain } from "../src/rules/explain.js";
import { PRESETS } from "../src/ruleset/ruleset.js";

const DOC = readFileSync(join(ROOT, "docs", "rules.md"), "utf8");
const headings = new Set(DOC.split("\n").filter((l) => l.startsWith("#")).map((l) => l.replace(/^#+\s*/, "")));
const hasClause = (id: string) => [...headings].some((h) => h === id || h.startsWith(`${id} `));

/** The clause numbers a text cites: "ing 1.4", "new-ing 2.10", "ing 1A.5", "docs/rules.md 0.3", "docs/rules.md 5". */
function cited(text: string): string[] {
  const ids: string[] = [];
  for (const m of text.matchAll(/\b(new-ing|ing|zhang|grand) (\d+A?\.\d+)\b/g)) ids.push(`${m[1]} ${m[2]}`);
  for (const m of text.matchAll(/docs\/rules\.md (\d+(?:\.\d+)?)/g)) ids.push(m[1].includes(".") ? m[1] : `${m[1]}.`);
  return ids;
}

describe("docs/rules.md holds every clause the referee cites", () => {
  it("each clause number in the rulings and explanations of the fixtures, under every preset, is a heading", () => {
    const dir = (d: string) => readdirSync(join(ROOT, "test", "fixtures", d)).filter((f) => f.endsWith(".sgf")).map((f) => join(ROOT, "test", "fixtures", d, f));
    const files = [...dir("rules"), ...dir("cycles"), join(ROOT, "test", "fixtures", "example.sgf")];
    const seen = new Set<string>();
    let texts = 0;
    for (const f of files) {
      const record = readSgf(readFileSync(f, "utf8"));
      for (const rules of Object.keys(PRESETS)) {
        const r = refereeRecord(record, { rules }, { unfinished: "count" });
        const text = `${JSON.stringify(r)}\n${explain(r)}`;
        texts++;
        expect(text, `${f} under ${rules}`).not.toMatch(/RULES\.md|DESIGN\.md/);
        for (const id of cited(text)) seen.add(id);
      }
    }
    expect(texts).toBeGreaterThan(200);
    // --explain says where to look the clauses up
    expect(explain(refereeRecord(readSgf(readFileSync(files[0], "utf8")), { rules: "ing" }, { unfinished: "count" })))
      .toMatch(/Clauses cited below \(ing 1\.4, docs\/rules\.md 5, \.\.\.\) are in docs\/rules\.md, section Clauses\./);
    // the rulings reach clauses of every numbered section
    for (const s of ["ing 1.", "new-ing 2.", "zhang 3.", "grand 4.", "5."]) expect([...seen].some((id) => id.startsWith(s)), s).toBe(true);
    const missing = [...seen].filter((id) => !hasClause(id));
    expect(missing).toEqual([]);
  });

  it("so does every clause number written in the referee's clause table", () => {
    const src = readFileSync(join(ROOT, "src", "rules", "clauses.ts"), "utf8");
    const ids = cited(src);
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.filter((id) => !hasClause(id))).toEqual([]);
  });

  it("cites the article of the original text for the clauses of the four rule systems", () => {
    // each clause heading of sections 1-4 is followed by a paragraph naming its seed (000-004)
    const sections = DOC.split(/\n#### /).slice(1).filter((b) => /^(ing|new-ing|zhang|grand) \d/.test(b));
    expect(sections.length).toBeGreaterThan(30);
    for (const b of sections) {
      const head = b.split("\n")[0];
      expect(b, head).toMatch(/\b00[0-4]\b/);
    }
  });
});
