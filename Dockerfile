# One build, two runtime images: `server` runs the api, the worker or the data migrations
# (one image, three commands; `node dist/main.migrate.js` before a new api starts), `web`
# serves any one frontend with nginx (deploy/web) and its runtime manifest.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY libs/domain/package.json libs/domain/
COPY libs/api-client/package.json libs/api-client/
COPY libs/ui/package.json libs/ui/
COPY backend/package.json backend/
COPY frontends/shell/package.json frontends/shell/
COPY frontends/contracts/package.json frontends/contracts/
COPY frontends/sow-co/package.json frontends/sow-co/
COPY frontends/invoices/package.json frontends/invoices/
COPY frontends/signing/package.json frontends/signing/
RUN npm ci --no-audit --no-fund
COPY . .
# Production builds carry no source maps unless this asks (README, Configuration).
ARG FRONTEND_SOURCE_MAPS=0
RUN NX_DAEMON=false NX_NO_CLOUD=true npx nx run-many -t build --exclude=embedded-mongo,compose-check,helm-check \
 && node scripts/precompress.mjs \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS server
ENV NODE_ENV=production
# The api's and worker's V8 flags, as scripts/lib/stack.mjs BACKEND_NODE_ARGS (why: there).
ENV NODE_OPTIONS=--max-semi-space-size=64
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs/domain/package.json libs/domain/
COPY --from=build /app/libs/domain/dist libs/domain/dist
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
WORKDIR /app/backend
USER node
EXPOSE 3000
CMD ["node", "dist/main.api.js"]

# nginx serves the frontend: the build's .br/.gz copies (brotli_static, gzip_static),
# immutable caching for hashed files, no-cache for pages and the federation runtime
# files, the SPA fallback. Node only writes runtime-config.json and the CSP at start
# (deploy/web/configure.mjs, with scripts/serve-frontend.mjs's code) and the healthcheck.
FROM node:20-bookworm-slim AS web
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/scripts/serve-frontend.mjs /app/scripts/precompress.mjs scripts/
COPY --from=build /app/deploy/web deploy/web
COPY --from=build /app/frontends/shell/dist frontends/shell/dist
COPY --from=build /app/frontends/contracts/dist frontends/contracts/dist
COPY --from=build /app/frontends/sow-co/dist frontends/sow-co/dist
COPY --from=build /app/frontends/invoices/dist frontends/invoices/dist
COPY --from=build /app/frontends/signing/dist frontends/signing/dist
USER node
ENTRYPOINT ["/app/deploy/web/entrypoint.sh"]
CMD ["shell"]
