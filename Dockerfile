# syntax=docker/dockerfile:1
# Touchline's production image (ADR 023). The build stage runs the same commands as CI (`npm ci`, `npm run build`);
# the runtime stage holds production dependencies and the compiled output only, and runs the compiled server with
# plain node — the command CI's production smoke step starts. Node is the same 24 line as the `node` dev dependency
# that npm scripts run on (package.json), so what CI tests is what ships.
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/identity/package.json packages/identity/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/.data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/identity/package.json packages/identity/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
# Production dependencies only: no TypeScript, no bundler, and not the `node` dev dependency (this image is Node 24).
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY packages/server/migrations packages/server/migrations
COPY packages/identity/migrations packages/identity/migrations
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/identity/dist packages/identity/dist
COPY --from=build /app/packages/web/dist packages/web/dist
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "packages/server/dist/main.js"]
