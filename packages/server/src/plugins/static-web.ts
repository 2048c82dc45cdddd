import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@touchline/contracts/errors';
import { registerPublic } from './authenticate.ts';
import { sendError } from './error-handler.ts';

/** Paths that belong to the APIs: an unknown one is a JSON 404, never the SPA's index.html. */
const apiPrefixes = ['/api/', '/api?', '/connect/', '/.well-known/', '/healthz', '/readyz'];
const isApiPath = (url: string) => url === '/api' || apiPrefixes.some((p) => url.startsWith(p));

/**
 * Source maps are never served, whatever a build left in the folder: they publish the whole client source
 * (ADR 029). The build no longer writes them; an older build or a hand-made one may still hold some.
 */
const isSourceMap = (pathName: string) => /\.map(?:\.(?:br|gz))?$/i.test(pathName);

/**
 * Serves the built SPA on the same origin as the API: hashed assets cached for a year, index.html
 * never cached, and any other GET of a non-API path answered with index.html (history routing). The build
 * writes brotli and gzip copies beside the assets; the copy the request's Accept-Encoding prefers is sent,
 * with `Vary: Accept-Encoding` (ADR 024). Source maps and the build's manifest are not served (ADR 029).
 */
async function staticWebPlugin(app: FastifyInstance, opts: { distDir: string }) {
  const indexFile = path.join(opts.distDir, 'index.html');
  // index.html is small and changes only with a new build: read it once, answer every client route from memory.
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  if (indexHtml) {
    await registerPublic(app, fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // A refused path is a 404, as a missing file is: source maps, and any dot file or folder (the build's
      // manifest under .vite/; @fastify/static would serve them by default).
      allowedPath: (pathName: string) => !isSourceMap(pathName),
      dotfiles: 'ignore',
      // @fastify/static 10 hands setHeaders the Fastify reply, not the raw response its types still name.
      setHeaders: (reply: unknown, filePath: string) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        (reply as FastifyReply).header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ distDir: opts.distDir }, 'web build not found; run `npm run build` to serve the SPA');
  }

  app.setNotFoundHandler((request, reply) => {
    const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      indexHtml &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      acceptsHtml
    ) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return sendError(reply, request, 404, {
      code: ErrorCode.NotFound,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });
}

export const staticWeb = fp(staticWebPlugin, { name: 'static-web' });
