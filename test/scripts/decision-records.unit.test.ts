import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkRecords, parseRecord, renderIndex } from "../../scripts/docs/decision-records.mjs";

const record = (file: string, status: string, body = "**Decision.** Something.") =>
  parseRecord(file, `# ${file.slice(0, 4)} — A title\n\n${status}\n\n${body}\n`);

/** Decision 0611: the records' status markers, checked by `npm run docs:check`. */
describe("decision records: status markers (decision 0611)", () => {
  it("reads each marker's numbers, lists included, inline code ignored", () => {
    const r = record(
      "0500-x.md",
      "**Supersedes 0100, 0101 and 0102** (why). **Amends 0200**.",
      "Quoted, not a relation: `**Superseded by 0999**`.",
    );
    expect(r).toMatchObject({ supersedes: ["0100", "0101", "0102"], amends: ["0200"], supersededBy: [] });
  });

  it("passes when every relation is answered by the other record", () => {
    const records = [
      record("0100-old.md", "**Superseded by 0300**: replaced."),
      record("0200-part.md", "**Amended by 0300**: one part changed."),
      record("0300-new.md", "**Supersedes 0100**. **Amends 0200**."),
    ];
    expect(checkRecords(records)).toEqual([]);
  });

  it("fails on a number that does not exist, an unanswered relation, itself, two successors, a loop", () => {
    const problems = checkRecords([
      record("0100-a.md", "**Superseded by 0999**: gone."),
      record("0200-b.md", "**Amended by 0300**: unanswered."),
      record("0300-c.md", "**Amends 0300**."),
      record("0400-d.md", "**Superseded by 0500**. **Superseded by 0600**."),
      record("0500-e.md", "**Superseded by 0600**. **Supersedes 0400, 0600**."),
      record("0600-f.md", "**Superseded by 0500**. **Supersedes 0400, 0500**."),
    ]);
    const text = problems.join("\n");
    expect(text).toContain("0100-a.md: Superseded by 0999, but there is no record 0999");
    expect(text).toContain("0200-b.md: Amended by 0300, but 0300-c.md does not say **Amends 0200**");
    expect(text).toContain("0300-c.md: Amends 0300 names itself");
    expect(text).toContain("0400-d.md: superseded by more than one record");
    expect(text).toContain("loops back");
  });

  it("refuses the older spellings and a status line below the body", () => {
    const problems = checkRecords([
      record("0100-a.md", "**Revised by 0200:** the rest."),
      parseRecord("0200-b.md", "# 0200 — B\n\n**Context.** First.\n\n**Superseded by 0300**: late.\n"),
      record("0300-c.md", "**Supersedes 0200**."),
    ]);
    expect(problems.join("\n")).toContain('0100-a.md: "**Revised by" is not the convention');
    expect(problems.join("\n")).toContain("0200-b.md: its **Superseded by** / **Amended by** belongs");
  });

  it("indexes the current records first and the superseded ones with the record that stands now", () => {
    const index = renderIndex([
      record("0100-old.md", "**Superseded by 0200**."),
      record("0200-mid.md", "**Superseded by 0300**. **Supersedes 0100**."),
      record("0300-new.md", "**Supersedes 0200**."),
    ]);
    expect(index.indexOf("## Current")).toBeLessThan(index.indexOf("## Superseded"));
    expect(index).toContain(
      "| [0100](0100-old.md) | A title | general | [0200](0200-mid.md) | [0300](0300-new.md) |",
    );
    expect(index).toContain("3 records: 1 current (0 of them amended), 2 superseded.");
  });

  it("the repository's records pass their own check", () => {
    const dir = join(process.cwd(), "docs/engineering/decisions");
    const records = readdirSync(dir)
      .filter((f) => /^\d{4}-.*\.md$/.test(f))
      .map((f) => parseRecord(f, readFileSync(join(dir, f), "utf8")));
    expect(checkRecords(records)).toEqual([]);
    expect(records.filter((r) => r.supersededBy.length > 0).length).toBeGreaterThanOrEqual(20);
  });
});
