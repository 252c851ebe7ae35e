import { readFileSync, writeFileSync } from "node:fs";
import { renderConfigurationReference } from "../src/platform/config/configuration-reference.js";

/** `npm run config:docs` writes docs/guide/configuration.md; `npm run config:check` fails when it is stale. */
const FILE = "docs/guide/configuration.md";
const wanted = renderConfigurationReference();
if (process.argv.includes("--check")) {
  const committed = (() => {
    try {
      return readFileSync(FILE, "utf8");
    } catch {
      return "";
    }
  })();
  if (committed !== wanted) {
    console.error(`${FILE} is stale: run \`npm run config:docs\` and commit it`);
    process.exit(1);
  }
  console.log(`${FILE} is fresh`);
} else {
  writeFileSync(FILE, wanted);
  console.log(`wrote ${FILE}`);
}
