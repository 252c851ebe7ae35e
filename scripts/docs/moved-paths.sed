s#docs/decisions/#docs/engineering/decisions/#g
s#docs/\(catalog\|chessboard\|crm\|devstats\|messenger\|notifications\|events\|faults\|infrastructure\|security\|testing\|benchmarks\)\.md#docs/engineering/\1.md#g
s#docs/runbooks/#docs/guide/runbooks/#g
s#docs/\(tracing\|errors\)\.md#docs/guide/\1.md#g
