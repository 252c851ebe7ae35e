function silenceNegativeTimeoutWarnings() {
  const emit = process.emitWarning.bind(process);
  if (process.emitWarning.pinFiltered) return;
  const filtered = (warning, ...rest) => {
    const options = rest[0];
    const type = typeof options === "string" ? options : options?.type;
    const name = warning instanceof Error ? warning.name : type;
    if (name === "TimeoutNegativeWarning") return;
    emit(warning, ...rest);
  };
  process.emitWarning = Object.assign(filtered, { pinFiltered: true });
}
export {
  silenceNegativeTimeoutWarnings
};
//# sourceMappingURL=node-warnings.js.map
