# One image for every role of the PIN backend (issue #40; docs/guide/deployment.md, decisions 0558–0560).
#   docker build -t pin-backend .      (podman: add --format docker, or HEALTHCHECK is dropped)
#   PIN_ROLES=api|consumers|workers picks the role; `node dist/cli.js migrate` is the migration step.
# Two stages: `build` installs the development dependencies and runs `npm run build` (src → dist/,
# with Prisma's generated client in dist/generated/); the runtime stage has the production
# dependencies only — no optional ones (no embedded PostgreSQL, no chdb: production runs on a
# configured PostgreSQL and ClickHouse), no tsx, no sources — plus dist/, the migrations and the
# event schemas dist/ reads at run time.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# `npm ci` refuses this lock (optional packages of other platforms that the registry the lock was
# made on did not serve are missing from it; .ci/run explains): `npm install` installs the locked
# tree. Optional packages are left out (embedded PostgreSQL, chdb: 600 MB the build does not use);
# esbuild's own install script fetches its platform binary then.
# The postinstall (scripts/postinstall.mjs) runs `prisma generate` into src/generated/.
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts/postinstall.mjs scripts/build.mjs scripts/
COPY scripts/prisma scripts/prisma
COPY prisma/schema prisma/schema
RUN npm install --omit=optional --no-audit --no-fund --no-update-notifier --strict-allow-scripts
COPY tsconfig.json ./
COPY src src
RUN npm run build

FROM node:24-bookworm-slim
# tini as PID 1 (decision 0559): it forwards SIGTERM to node from the first instant (node as PID 1
# ignores SIGTERM until the app installs its handler, after the start) and reaps orphans.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY scripts/postinstall.mjs scripts/
# Production dependencies only; tsx (a production dependency for `npm start` from sources) and
# the esbuild it brings are removed again: the image runs dist/ (decision 0558).
RUN npm install --omit=dev --omit=optional --no-audit --no-fund --no-update-notifier --strict-allow-scripts \
  && npm uninstall --no-save --omit=dev --omit=optional --no-audit --no-fund --no-update-notifier tsx \
  && rm -rf /root/.npm /tmp/*
COPY --from=build /app/dist dist
COPY prisma/migrations prisma/migrations
COPY schema/events schema/events

# Every listener on all interfaces in a container (127.0.0.1 is the default of `npm start`):
# the api on PORT, the operations endpoints (/healthz, /readyz, /metrics) on PIN_OPS_PORT.
ENV HOST=0.0.0.0 \
  PORT=4000 \
  PIN_OPS_HOST=0.0.0.0 \
  PIN_OPS_PORT=9464
EXPOSE 4000 9464
# The base's `node` user (uid/gid 1000), numeric so that Kubernetes' runAsNonRoot can check it.
USER 1000:1000
# curl is not in the slim base: node's fetch asks the role's own /healthz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PIN_OPS_PORT||9464}/healthz`).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/main.js"]
