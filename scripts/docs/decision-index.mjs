// `npm run docs:decisions`: writes docs/engineering/decisions/README.md, the index of every decision
// record (number, title, area, status), the current records first, from the records themselves.
// `--check` (`npm run docs:check`, CI) fails when the committed index is stale or when a record's
// status markers break the convention of decision 0611 (decision-records.mjs): a number that does
// not exist, a relation the other record does not answer, a superseded-by chain that loops.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { checkRecords, parseRecord, renderIndex } from "./decision-records.mjs";

const DIR = resolve(import.meta.dirname, "../../docs/engineering/decisions");
const INDEX = join(DIR, "README.md");

const records = readdirSync(DIR)
  .filter((f) => /^\d{4}-.*\.md$/.test(f))
  .sort()
  .map((file) => parseRecord(file, readFileSync(join(DIR, file), "utf8")));
const problems = checkRecords(records);
if (problems.length > 0) {
  for (const p of problems) console.error(`[docs:decisions] ${p}`);
  console.error(
    `[docs:decisions] ${problems.length} problem(s) in the records' status markers (decision 0611)`,
  );
  process.exit(1);
}
const text = renderIndex(records);
if (process.argv.includes("--check")) {
  let committed = "";
  try {
    committed = readFileSync(INDEX, "utf8");
  } catch {}
  if (committed !== text) {
    console.error(
      "[docs:decisions] docs/engineering/decisions/README.md is stale: run npm run docs:decisions",
    );
    process.exit(1);
  }
  console.log(`[docs:decisions] index fresh (${records.length} records)`);
} else {
  writeFileSync(INDEX, text);
  console.log(`[docs:decisions] wrote ${records.length} records`);
}
