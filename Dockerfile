# One build, two runtime images: `server` runs the api or the worker (one image,
# two commands), `web` serves any one frontend with its runtime manifest.
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
RUN NX_DAEMON=false NX_NO_CLOUD=true npx nx run-many -t build --exclude=embedded-mongo \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS server
ENV NODE_ENV=production
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

FROM node:20-bookworm-slim AS web
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/scripts/serve-frontend.mjs scripts/
COPY --from=build /app/frontends/shell/dist frontends/shell/dist
COPY --from=build /app/frontends/contracts/dist frontends/contracts/dist
COPY --from=build /app/frontends/sow-co/dist frontends/sow-co/dist
COPY --from=build /app/frontends/invoices/dist frontends/invoices/dist
COPY --from=build /app/frontends/signing/dist frontends/signing/dist
USER node
CMD ["node", "scripts/serve-frontend.mjs", "shell"]
