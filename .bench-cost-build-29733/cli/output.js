const PROCESS_SINKS = {
  stdout: (line) => void process.stdout.write(`${line}
`),
  stderr: (line) => void process.stderr.write(`${line}
`)
};
function createOutput(json, sinks = PROCESS_SINKS) {
  return {
    json,
    item: (human, data) => sinks.stdout(json ? JSON.stringify(data, jsonValue) : human),
    note: (text) => json ? sinks.stderr(text) : sinks.stdout(text),
    progress: (text) => sinks.stderr(text)
  };
}
function outputTo(line, json = false) {
  return createOutput(json, { stdout: line, stderr: line });
}
function jsonValue(_key, value) {
  return typeof value === "bigint" ? value.toString() : value;
}
export {
  createOutput,
  outputTo
};
//# sourceMappingURL=output.js.map
