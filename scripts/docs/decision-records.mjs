// The decision records' status convention (decision 0611), pure: what a record says of its
// relations to other records, the checks of `npm run docs:check`, and the index's text.
//
// A record's relations are bold markers, by convention right under its heading:
//   **Superseded by NNNN**            — the record is history: NNNN (or what supersedes it) stands
//   **Amended by NNNN[, NNNN…]**      — the record stands, except where the later records say otherwise
//   **Supersedes NNNN[, NNNN…]**      — on the later record: what it replaces
//   **Amends NNNN[, NNNN…]**          — on the later record: what it changes in part
// Every marker is answered by its counterpart on the other record, and every number exists.

const NUMBERS = String.raw`\d{4}(?:(?:,\s*|,?\s+and\s+)\d{4})*`;
const MARKER = new RegExp(String.raw`\*\*(Superseded by|Amended by|Supersedes|Amends) (${NUMBERS})\*\*`, "g");
/** Older spellings the convention replaced: a record using one must be rewritten. */
const LEGACY = /\*\*(Revised by|Superseded in part by|Supersedes\*\*|Superseded\*\*|Amends\*\*)/;
const STATUS_ON_TOP = /^\*\*(Superseded by|Amended by|Supersedes|Amends) \d{4}/;

/** The text under the heading after its status lines. */
function withoutStatus(text) {
  const body = text.slice(text.indexOf("\n") + 1).trimStart();
  return body.slice(leadingStatus(text).length);
}

/** The paragraphs right under the heading that open with a status marker. */
function leadingStatus(text) {
  const paragraphs = text
    .slice(text.indexOf("\n") + 1)
    .trimStart()
    .split(/\n\s*\n/);
  const top = [];
  for (const p of paragraphs) {
    if (!STATUS_ON_TOP.test(p)) break;
    top.push(p);
  }
  return top.join("\n\n");
}
const KEY = {
  "Superseded by": "supersededBy",
  "Amended by": "amendedBy",
  Supersedes: "supersedes",
  Amends: "amends",
};
/** Each relation and the one that must answer it on the other record. */
const COUNTERPART = {
  supersededBy: ["supersedes", "Supersedes"],
  amendedBy: ["amends", "Amends"],
  supersedes: ["supersededBy", "Superseded by"],
  amends: ["amendedBy", "Amended by"],
};
const PHRASE = {
  supersededBy: "Superseded by",
  amendedBy: "Amended by",
  supersedes: "Supersedes",
  amends: "Amends",
};

export const AREAS = [
  ["events", /platform\/events|consumer runtime|outbox|relay|kafka|transport|DLQ|dead.letter/i],
  ["catalog", /catalog|storefront|facet|lots?\b/i],
  ["chessboard", /chessboard|hold guard|property.object/i],
  ["crm", /\bcrm\b|booking|deal\b/i],
  ["devstats", /devstats|clickhouse|funnel|chdb/i],
  ["messenger", /messenger|chat/i],
  ["notifications", /notification|saved.search/i],
  ["api", /graphql|yoga|pothos|subscription|graphql-ws|\bapi\b/i],
  ["security", /security|rate.limit|token|jwt|auth/i],
  [
    "operations",
    /deploy|image|kubernetes|metric|readyz|healthz|start-?up|CLI|config|settings|embedded|migration|layout|composition root/i,
  ],
  ["testing", /\btests?\b|vitest|faults|bench/i],
];

/** One record: its number, title, area and relations, from its file name and text. */
export function parseRecord(file, text) {
  const heading = text.split("\n", 1)[0].replace(/^#\s*/, "");
  // Inline code is an example, not a relation (this convention's own record quotes the markers).
  const prose = text.replace(/`[^`\n]*`/g, "");
  const record = {
    number: file.slice(0, 4),
    file,
    title: heading
      .replace(/^\d{4}\s*[—–:-]?\s*/, "")
      .replace(/\|/g, "\\|")
      .trim(),
    // the area from what the record is about, not from its status lines about other records
    area: areaOf(heading, withoutStatus(text).slice(0, 1500)),
    supersededBy: [],
    amendedBy: [],
    supersedes: [],
    amends: [],
    legacy: LEGACY.exec(prose)?.[0] ?? null,
    statusOnTop: true,
  };
  for (const m of prose.matchAll(MARKER)) {
    for (const n of m[2].match(/\d{4}/g)) record[KEY[m[1]]].push(n);
  }
  // A reader looks right under the heading: every Superseded by / Amended by must be there.
  const top = leadingStatus(prose);
  const own = (t) => [...t.matchAll(MARKER)].filter((m) => m[1].endsWith(" by")).length;
  record.statusOnTop = own(top) === own(prose);
  return record;
}

function areaOf(heading, body) {
  return (
    AREAS.find(([, re]) => re.test(heading))?.[0] ?? AREAS.find(([, re]) => re.test(body))?.[0] ?? "general"
  );
}

/** Everything wrong with the records' relations, one line each (empty: all well). */
export function checkRecords(records) {
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const problems = [];
  for (const r of records) {
    if (r.legacy)
      problems.push(
        `${r.file}: "${r.legacy}" is not the convention: write **Superseded by N**, **Amended by N**, **Supersedes N** or **Amends N** (decision 0611)`,
      );
    if ((r.supersededBy.length || r.amendedBy.length) && !r.statusOnTop)
      problems.push(
        `${r.file}: its **Superseded by** / **Amended by** belongs in the status lines right under the heading`,
      );
    if (new Set(r.supersededBy).size > 1)
      problems.push(
        `${r.file}: superseded by more than one record (${r.supersededBy.join(", ")}): name the one that stands`,
      );
    for (const key of Object.keys(COUNTERPART)) {
      for (const n of r[key]) {
        const other = byNumber.get(n);
        if (n === r.number) problems.push(`${r.file}: ${PHRASE[key]} ${n} names itself`);
        else if (!other) problems.push(`${r.file}: ${PHRASE[key]} ${n}, but there is no record ${n}`);
        else if (!other[COUNTERPART[key][0]].includes(r.number))
          problems.push(
            `${r.file}: ${PHRASE[key]} ${n}, but ${other.file} does not say **${COUNTERPART[key][1]} ${r.number}**`,
          );
      }
    }
  }
  for (const r of records) {
    const seen = new Set([r.number]);
    for (let n = r.supersededBy[0]; n && byNumber.has(n); n = byNumber.get(n).supersededBy[0]) {
      if (seen.has(n)) {
        problems.push(`${r.file}: its superseded-by chain loops back to ${n}`);
        break;
      }
      seen.add(n);
    }
  }
  return problems;
}

/** The record that stands at the end of a superseded-by chain. */
function standing(record, byNumber) {
  let r = record;
  for (let i = 0; r.supersededBy[0] && byNumber.has(r.supersededBy[0]) && i < byNumber.size; i++) {
    r = byNumber.get(r.supersededBy[0]);
  }
  return r;
}

const link = (r) => `[${r.number}](${r.file})`;

/** The index (docs/engineering/decisions/README.md): the current records first, then the superseded. */
export function renderIndex(records) {
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const links = (ns) => ns.map((n) => link(byNumber.get(n) ?? { number: n, file: `${n}.md` })).join(", ");
  const current = records.filter((r) => r.supersededBy.length === 0);
  const superseded = records.filter((r) => r.supersededBy.length > 0);
  const amended = current.filter((r) => r.amendedBy.length > 0);
  const status = (r) => (r.amendedBy.length ? `accepted, amended by ${links(r.amendedBy)}` : "accepted");
  const replaces = (r) =>
    [
      r.supersedes.length ? `supersedes ${links(r.supersedes)}` : "",
      r.amends.length ? `amends ${links(r.amends)}` : "",
    ]
      .filter(Boolean)
      .join("; ");
  return [
    "# Decision records — index",
    "",
    "Generated by `npm run docs:decisions` from the records in this folder (checked fresh in CI);",
    "do not edit by hand. One question per record. A record's status is in bold under its heading",
    "(decision 0611): **Superseded by N** — history, N says what stands; **Amended by N** — it stands",
    "except where N says otherwise; the later record says what it **Supersedes** or **Amends**.",
    "`npm run docs:check` fails when a record names a number that does not exist or a relation the",
    "other record does not answer. Areas: api, catalog, chessboard, crm, devstats, events, messenger,",
    "notifications, operations, security, testing, general.",
    "",
    `${records.length} records: ${current.length} current (${amended.length} of them amended), ${superseded.length} superseded.`,
    "",
    "## Current",
    "",
    "| # | title | area | status | replaces |",
    "|---|---|---|---|---|",
    ...current.map((r) => `| ${link(r)} | ${r.title} | ${r.area} | ${status(r)} | ${replaces(r)} |`),
    "",
    "## Superseded",
    "",
    "Kept as history: what was decided, when and why. Read the record that stands instead.",
    "",
    "| # | title | area | superseded by | stands now |",
    "|---|---|---|---|---|",
    ...superseded.map(
      (r) =>
        `| ${link(r)} | ${r.title} | ${r.area} | ${links(r.supersededBy)} | ${link(standing(r, byNumber))} |`,
    ),
    "",
  ].join("\n");
}
