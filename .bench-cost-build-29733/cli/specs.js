const GROUP = /^[a-z0-9][a-z0-9._-]{0,199}$/i;
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,99}$/;
const BIGINT_ID = /^\d{1,19}$/;
const MAX_ROWS = 1e5;
function limitFlag(defaultRows, description) {
  return { type: "integer", value: "n", min: 1, max: MAX_ROWS, default: defaultRows, description };
}
const MIGRATE = {
  name: "migrate",
  summary: "Apply pending database migrations and list them (Prisma-compatible bookkeeping)",
  flags: {},
  description: "Needs only DATABASE_URL (the embedded database when unset). Every process also applies\npending migrations at start under an advisory lock; run this once per release before the roles."
};
const SEED = {
  name: "seed",
  summary: "Seed the demo data (idempotent; events go through the outbox like any change)",
  flags: {},
  description: "The outbox relay of a running system publishes the seeded events. The month of sales history is played through crm's commands once crm knows the demo apartments (a running system has consumed chessboard's events); until then a second run seeds it."
};
const DLQ = {
  name: "dlq",
  summary: "List dead-lettered messages with their reason; replay them (all / by id / by error code)",
  positionals: "list|replay",
  flags: {
    group: { type: "string", value: "group", pattern: GROUP, description: "Only this consumer group" },
    code: { type: "string", value: "ERROR_CODE", pattern: ERROR_CODE, description: "Only this error code" },
    id: { type: "string", value: "id", pattern: BIGINT_ID, description: "Only this dead letter" },
    all: { type: "boolean", description: "list: replayed ones too; replay: every open one" },
    limit: limitFlag(100, "list: at most n rows")
  },
  description: "Dead letters are kept in platform.dead_letters (and copied to the group's DLQ topic).\nreplay hands them back to their own consumer group, which runs them through the normal path\n(dedup, handler, retry policy) on either transport; it does not touch other groups.\nreplay needs --all, --id or --code."
};
const REPLAY = {
  name: "replay",
  summary: "Replay a consumer group from the beginning or from a timestamp (Kafka or the local log)",
  flags: {
    group: { type: "string", value: "group", pattern: GROUP, description: "The consumer group (required)" },
    topics: { type: "list", value: "topics", max: 64, description: "Its topics to rewind (required)" },
    "from-beginning": { type: "boolean", description: "Rewind to the start of each topic" },
    from: {
      type: "timestamp",
      value: "ISO timestamp",
      description: "Rewind to the first event at or after it"
    },
    "forget-dedup": { type: "boolean", description: "Run the handlers again for events already seen" }
  },
  description: "Rewinds a consumer group (stop its consumers first: Kafka refuses to move an active group).\nWithout --forget-dedup re-read events are skipped as duplicates inside the dedup window; with it\nthey run their handlers again and the business guards (version checks) keep the state."
};
const RECONCILE = {
  name: "reconcile",
  summary: "crm \u2194 chessboard reconciliation: list disagreements; --repair re-publishes chessboard status",
  flags: {
    repair: { type: "boolean", description: "Re-publish the status of every repairable object" },
    "settled-for": {
      type: "integer",
      value: "seconds",
      min: 0,
      max: 9999999,
      default: 120,
      description: "Leave out rows changed in the last seconds"
    },
    limit: limitFlag(1e3, "At most n disagreements")
  },
  description: "Kinds: replica-missing, replica-behind (repairable), replica-ahead, replica-differs,\nhold-without-active-booking, active-booking-without-hold (for a person: see\ndocs/guide/runbooks/crm-chessboard-reconciliation.md). --repair goes through chessboard's outbox;\nversion-guarded consumers apply it only where it is news.\nExit code: 0 in step, 1 disagreements left (after a repair: the ones it cannot repair), 2 usage."
};
const CATALOG_RECONCILE = {
  name: "catalog-reconcile",
  summary: "List catalog cards out of step with chessboard (exit 1 on drift)",
  flags: {
    limit: limitFlag(1e3, "At most n cards"),
    "ids-only": {
      type: "boolean",
      description: "Print bare card ids, one a line (for a projection rebuild)"
    }
  },
  description: "Lists catalog cards whose ChessboardVersion disagrees with the current version of their chessboard\naggregate, and cards whose aggregate no longer exists. A card behind missed an event: replay the\ngroup (cli replay) or its DLQ (cli dlq replay). A card ahead means chessboard was restored from an\nolder state: investigate. Reads both schemas of the same database (decision 0096).\nExit code: 0 in step, 1 drift found, 2 usage."
};
const TOPICS = {
  name: "topics",
  summary: "Apply the Kafka topic catalogue (partitions, replication, min.insync.replicas, retention, DLQs)",
  flags: {
    check: { type: "boolean", description: "Report drift (one line each, exit 1 on drift), change nothing" }
  },
  description: "Creates missing topics, raises partitions and sets the configs of every event topic and DLQ topic\non KAFKA_BROKERS (decision 0565); fewer partitions than the broker has, or another replication\nfactor, are reported for an operator (exit 1). Needs no database. Run it before the roles, like\nthe migrations: production refuses to start on a topic replicated below PIN_KAFKA_REPLICATION_FACTOR."
};
export {
  CATALOG_RECONCILE,
  DLQ,
  MIGRATE,
  RECONCILE,
  REPLAY,
  SEED,
  TOPICS
};
//# sourceMappingURL=specs.js.map
