#!/usr/bin/env sh
# Prisma's native schema engine cannot be downloaded on our machines (no internet but the
# npm registry). `prisma generate` does not need it; migrations are applied by our own runner
# (`npm run cli -- migrate`), which records them in Prisma's _prisma_migrations table.
echo "prisma: the native schema engine is not available here; use 'npm run cli -- migrate' (see README)" >&2
exit 1
