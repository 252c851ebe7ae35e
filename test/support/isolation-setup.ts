// vitest setup file (vitest.config.ts): runs in the worker before each test file. Gives the file
// its own Kafka namespace (test/support/isolation.ts).
import { assignFileNamespace } from "./isolation.js";

assignFileNamespace();
