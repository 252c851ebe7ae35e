/**
 * kafkajs 2.2.4's request queue arms `setTimeout(…, throttledUntil - Date.now())`, which is negative
 * once the broker's throttle is already over. Node 24 clamps such a delay to 1 ms — exactly what
 * kafkajs means — and prints a TimeoutNegativeWarning on stderr, once per process, which reads like
 * a fault in every Kafka-mode log. That one warning type is dropped; every other warning goes on to
 * Node as before (printed, and emitted as a 'warning' event).
 */
export function silenceNegativeTimeoutWarnings(): void {
  const emit = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  if ((process.emitWarning as { pinFiltered?: true }).pinFiltered) return;
  const filtered = (warning: string | Error, ...rest: unknown[]) => {
    const options = rest[0];
    const type = typeof options === "string" ? options : (options as { type?: string } | undefined)?.type;
    const name = warning instanceof Error ? warning.name : type;
    if (name === "TimeoutNegativeWarning") return;
    emit(warning, ...rest);
  };
  process.emitWarning = Object.assign(filtered, { pinFiltered: true as const }) as typeof process.emitWarning;
}
