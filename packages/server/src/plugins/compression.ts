import { constants } from 'node:zlib';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/** Answers smaller than this go as they are: a few hundred bytes gain little and cost a compressor's setup. */
export const compressionThreshold = 1024;

/**
 * The paths whose answers are compressed: the APIs (the product's, identity's). Everything else is left alone: the
 * built SPA's files, which the build compresses beforehand and static-web sends as .br or .gz (ADR 024), and the
 * load balancers' /healthz and /readyz.
 */
const compressedPrefixes = ['/api/', '/connect/', '/.well-known/'];

/**
 * JSON (and `+json`), CSV and other text, but not server-sent events, which must reach the client as written. The
 * plugin also compresses what mime-db marks compressible (SVG, for one); not PDF, images, ZIP or XLSX.
 */
const compressibleTypes = /^text\/(?!event-stream)|[/+]json(?:;|$)/;

/**
 * Compresses the APIs' answers when the client asks (ADR 029): brotli at quality 4 (a fraction of quality 11's
 * time for most of its gain on JSON) or gzip, above 1 kB, for JSON and text. A streamed answer (the status
 * download) goes through the compressor as a stream, so it stays read in pages with backpressure. An answer that
 * already names its encoding is passed through. A route opts out with `compress: false` (stored files, whose
 * ranges and length refer to their bytes). Request bodies are never decompressed: webhook signatures are over the
 * bytes sent, and the body limit over what arrives. `Vary: Accept-Encoding` is set on each compressed answer.
 */
async function compressionPlugin(app: FastifyInstance) {
  // Added before the compression plugin's own onRoute hook, so it runs first and that hook sees the opt-out.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.compress === undefined && !compressedPrefixes.some((p) => route.url.startsWith(p)))
      route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: compressionThreshold,
    customTypes: compressibleTypes,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

export const compression = fp(compressionPlugin, { name: 'compression' });
