// The funnel's acceptance criteria on chdb (the embedded current engine), one session for the file.
import { defineFunnelSuite } from "./funnel-suite.js";

defineFunnelSuite("chdb");
