/**
 * The consumer-group session timeout of the processes the crash and fault tests kill (decision
 * 0525): PIN_KAFKA_SESSION_TIMEOUT_MS of the faults rig's role processes and of the crash children.
 * A SIGKILLed member holds its partitions this long; at the production default (30 s) every kill
 * cost the suite half a minute of waiting and proved nothing more. 10 s, not the broker's 6 s
 * minimum: heartbeats (every 2 s) still get through on a loaded 2-core host.
 * PIN_FAULTS_SESSION_SECONDS overrides it (e.g. 30 for a run at the production default).
 */
export const TEST_KAFKA_SESSION_TIMEOUT_MS = sessionMs();

function sessionMs(): number {
  const raw = process.env.PIN_FAULTS_SESSION_SECONDS;
  if (raw === undefined || raw === "") return 10_000;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 6 || seconds > 300)
    throw new Error(`PIN_FAULTS_SESSION_SECONDS must be a whole number 6..300, got "${raw}"`);
  return seconds * 1000;
}
