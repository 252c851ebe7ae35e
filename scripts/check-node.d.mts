/** The major version `.nvmrc` names ("24", "v24", "24.1.0" → 24); 24 when it cannot be read. */
export function requiredMajor(nvmrcText: string): number;
/** null when `version` ("v24.1.0") is at least `major`, else the one line to print. */
export function nodeVersionProblem(version: string, major: number): string | null;
