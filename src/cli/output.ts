/**
 * What a command prints (issue #44). In text mode `item` prints its human line and `note` a line
 * on stdout; with `--json` `item` prints its object as one JSON line on stdout and notes go to
 * stderr, so a script reads stdout alone. `progress` always goes to stderr.
 */
export interface CliOutput {
  readonly json: boolean;
  /** One result: a human line, or the object as a JSON line. */
  item(human: string, data: Readonly<Record<string, unknown>>): void;
  /** A summary or an explanation for a person. */
  note(text: string): void;
  /** Progress of long work (stderr). */
  progress(text: string): void;
}

export interface OutputSinks {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

const PROCESS_SINKS: OutputSinks = {
  stdout: (line) => void process.stdout.write(`${line}\n`),
  stderr: (line) => void process.stderr.write(`${line}\n`),
};

export function createOutput(json: boolean, sinks: OutputSinks = PROCESS_SINKS): CliOutput {
  return {
    json,
    item: (human, data) => sinks.stdout(json ? JSON.stringify(data, jsonValue) : human),
    note: (text) => (json ? sinks.stderr(text) : sinks.stdout(text)),
    progress: (text) => sinks.stderr(text),
  };
}

/** Tests (and callers that collect lines) pass one function for everything. */
export function outputTo(line: (text: string) => void, json = false): CliOutput {
  return createOutput(json, { stdout: line, stderr: line });
}

function jsonValue(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}
