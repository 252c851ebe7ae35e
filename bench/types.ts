/** One measured figure; `ratio` = value / baseline, oriented so that higher is better. */
export interface BenchResult {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly baseline?: number;
  readonly ratio?: number;
  readonly target?: number;
  readonly note?: string;
}
