# Cannery's server as an image, for an office that runs Cannery on its own machine with
# compose.yaml (docs/self-host.md). Two stages: the first builds the web app (task pane,
# playground, admin app); the second holds the runtime dependencies, the server's sources and the
# built web app, and runs as the unprivileged `node` user.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# Install scripts are skipped: the only one that matters to this stage (the extension tool's
# prepare step) builds nothing the server uses.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build:web

FROM node:22-bookworm-slim
WORKDIR /app
# Production mode: no demo data, and development settings refused at start (docs/configuration.md "Production
# mode"). HTTP only: Caddy in front (compose.yaml) ends TLS.
ENV NODE_ENV=production \
    CANNERY_HOST=0.0.0.0 \
    CANNERY_PORT=8787 \
    CANNERY_HTTPS_PORT=0
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
# The server runs its TypeScript through tsx's loader, which needs esbuild: both come from the
# build stage (same platform), at the versions package-lock.json pins.
COPY --from=build /app/node_modules/tsx node_modules/tsx
COPY --from=build /app/node_modules/esbuild node_modules/esbuild
COPY --from=build /app/node_modules/@esbuild node_modules/@esbuild
RUN mkdir -p node_modules/.bin && ln -sf ../tsx/dist/cli.mjs node_modules/.bin/tsx
COPY tsconfig.json ./
COPY server server
COPY src src
COPY manifest-office manifest-office
COPY --from=build /app/dist/web dist/web
USER node
EXPOSE 8787
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.CANNERY_PORT || 8787) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "server/entry/node.ts"]
