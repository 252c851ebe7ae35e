import type { BenchResult } from "../types.js";
export async function endToEndUnderLoad(_b: string[]): Promise<BenchResult[]> { return []; }
