import type { BenchResult } from "../types.js";
export async function graphqlVsBareYoga(): Promise<BenchResult[]> { return []; }
