// The funnel's acceptance criteria on the ClickHouse server (18.16 here) through @clickhouse/client.
import { defineFunnelSuite } from "./funnel-suite.js";

defineFunnelSuite("server");
