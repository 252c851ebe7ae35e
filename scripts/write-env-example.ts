import { writeFileSync } from "node:fs";
import { renderEnvExample } from "../src/platform/config/settings.js";

writeFileSync(".env.example", renderEnvExample());
console.log("wrote .env.example");
