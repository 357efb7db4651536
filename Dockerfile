# One Dockerfile for the five deployables. Build from the repository root; the build arguments
# name the deployable (its workspace folder) and the port it listens on:
#   docker build --build-arg APP=gateway          --build-arg PORT=8080 -t coinmag/gateway .
#   docker build --build-arg APP=services/auth    --build-arg PORT=4001 -t coinmag/auth .
#   docker build --build-arg APP=services/content --build-arg PORT=4002 -t coinmag/content .
#   docker build --build-arg APP=services/media   --build-arg PORT=4003 -t coinmag/media .
#   docker build --build-arg APP=services/markets --build-arg PORT=4004 -t coinmag/markets .
# docker-compose.yml passes the same arguments. The stages before `ARG APP` are the same for all
# five, so building one after another reuses them.

# 1. The workspace's manifests only, so the dependency layers below are rebuilt only when a
#    package.json or the lock file changes (every workspace is listed: npm ci checks them all).
FROM node:20.20.2-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/rules/package.json packages/rules/
COPY packages/demo-content/package.json packages/demo-content/
COPY packages/service-kit/package.json packages/service-kit/
COPY packages/audit/package.json packages/audit/
COPY packages/views/package.json packages/views/
COPY services/content/package.json services/content/
COPY services/auth/package.json services/auth/
COPY services/media/package.json services/media/
COPY services/markets/package.json services/markets/
COPY services/newsletter/package.json services/newsletter/
COPY gateway/package.json gateway/
COPY frontends/shared/package.json frontends/shared/
COPY frontends/shell/package.json frontends/shell/
COPY frontends/public/package.json frontends/public/
COPY frontends/admin/package.json frontends/admin/
COPY e2e/package.json e2e/

# 2. Every dependency from the lock file and the sources, then the deployable bundled with esbuild
#    (workspace packages inlined, npm dependencies external); the gateway also builds the three
#    micro-frontends (content-hashed static files, and dist/server/ with the server code the
#    gateway renders with) into /out/frontends (empty for the services).
FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund
COPY . .
ARG APP
ARG PORT
RUN test -f "$APP/src/main.ts" && test -n "$PORT" \
    || { echo "build with --build-arg APP=<folder of a deployable> --build-arg PORT=<its port>" >&2; exit 1; }
RUN npm run build -w "$APP" \
 && mkdir -p /out/frontends \
 && if [ "$APP" = gateway ]; then \
      for frontend in frontends/shell frontends/public frontends/admin; do \
        npm run build -w "$frontend" && mkdir -p "/out/$frontend" && cp -r "$frontend/dist" "/out/$frontend/" || exit 1; \
      done; \
    fi

# 3. Production dependencies of this deployable only (no dev tools, no other workspace's packages).
#    Native modules (sharp, argon2) come as prebuilt binaries inside their npm packages.
#    The gateway renders public pages with the shell's server host (frontends/shell/dist/server/
#    index.cjs) and the public remote's server container (frontends/public/dist/server/
#    remoteEntry.js), both Module Federation builds carrying React, react-router-dom and zustand
#    as shared singletons: they need no node_modules of their own.
FROM manifests AS prod-deps
ARG APP
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace "$APP" \
 && rm -rf node_modules/@coinmag \
 && mkdir -p "$APP/node_modules"

# 4. What runs: node, the production node_modules and the bundle in the repository's layout
#    (/app/<APP>; the gateway's frontends under /app/frontends), owned by root, run as "node".
#    Nothing is written at run time: the root filesystem can be read-only.
FROM node:20.20.2-bookworm-slim AS runtime
ARG APP
ARG PORT
LABEL org.coinmag.deployable=${APP}
# FRONTENDS_DIR is read by the gateway only (the services' images carry an empty /app/frontends).
ENV NODE_ENV=production \
    PORT=${PORT} \
    FRONTENDS_DIR=/app/frontends
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/${APP}/node_modules ./${APP}/node_modules
COPY --from=build /app/${APP}/package.json ./${APP}/package.json
COPY --from=build /app/${APP}/dist ./${APP}/dist
COPY --from=build /out/frontends ./frontends
WORKDIR /app/${APP}
USER node
EXPOSE ${PORT}
# The probe starts a node process: on a busy host that alone can take seconds, hence 10 s.
HEALTHCHECK --interval=15s --timeout=10s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
