/** One decision record as the index and the checks see it (decision 0611). */
export interface DecisionRecord {
  readonly number: string;
  readonly file: string;
  readonly title: string;
  readonly area: string;
  readonly supersededBy: string[];
  readonly amendedBy: string[];
  readonly supersedes: string[];
  readonly amends: string[];
  /** An older status spelling the convention replaced, when the record uses one. */
  readonly legacy: string | null;
  /** Whether every Superseded by / Amended by of the record is in the status lines under its heading. */
  readonly statusOnTop: boolean;
}
export const AREAS: ReadonlyArray<readonly [string, RegExp]>;
/** One record from its file name (`NNNN-slug.md`) and text. */
export function parseRecord(file: string, text: string): DecisionRecord;
/** Everything wrong with the records' relations, one line each; empty when all is well. */
export function checkRecords(records: readonly DecisionRecord[]): string[];
/** The index's Markdown: the current records, then the superseded ones. */
export function renderIndex(records: readonly DecisionRecord[]): string;
