import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerPublic } from './authenticate.ts';

type Transform = typeof jsonSchemaTransform;
type JsonObject = { properties?: Record<string, unknown>; required?: string[] };

/**
 * A route registered with and without an optional trailing segment (`…/plas-by-external-id[/{externalId}]`)
 * shares one params schema; OpenAPI requires every path parameter to be in its path string, so each path keeps
 * only the parameters its own string names (and the validator's document stays valid).
 */
export const pathSegmentTransform: Transform = (input) => {
  const output = jsonSchemaTransform(input);
  const params = output.schema?.params as JsonObject | undefined;
  if (!params?.properties) return output;
  const named = new Set([...output.url.matchAll(/[:{]([A-Za-z0-9_]+)/g)].map((m) => m[1]));
  const kept = Object.entries(params.properties).filter(([name]) => named.has(name));
  if (kept.length === Object.keys(params.properties).length) return output;
  const { params: _dropped, ...schema } = output.schema;
  if (kept.length === 0) return { ...output, schema };
  const required = (params.required ?? []).filter((name) => named.has(name));
  return {
    ...output,
    schema: { ...schema, params: { ...params, properties: Object.fromEntries(kept), required } },
  };
};

/** Publishes the OpenAPI document built from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json. */
async function openapiPlugin(app: FastifyInstance, opts: { version: string }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Touchline API',
        description: 'Compliance and requirements tracking for youth sports organizations.',
        version: opts.version,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: pathSegmentTransform,
  });
  await registerPublic(app, swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { deepLinking: true },
    uiHooks: {},
  });
}

export const openapi = fp(openapiPlugin, { name: 'openapi' });
