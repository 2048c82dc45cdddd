import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addBackgroundCheckClientBodySchema,
  backgroundCheckClientSchema,
  backgroundCheckAgencySchema,
  backgroundCheckProductSchema,
  backgroundCheckSettingsSchema,
} from '@touchline/contracts/background-checks';
import { requireRequestContext } from '../../authz/request-context.ts';
import {
  addBackgroundCheckClient,
  availableBackgroundCheckClients,
  backgroundCheckClientsOf,
  backgroundCheckAgencies,
  backgroundCheckProducts,
  previewBackgroundCheckProducts,
} from './background-check-setup.service.ts';
import {
  getBackgroundCheckSettings,
  updateBackgroundCheckSettings,
} from './background-check-settings.service.ts';

const base = '/api/app/organization';
const slug = z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'Not an id');
/** A client id: Yardstik's `account`, or a TazWorks client GUID (lower-case, may start with a digit). */
const clientSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Not a client id');
const products = { 200: z.array(backgroundCheckProductSchema) };

/** The organization's background-check setup calls (spec §7 "Organization"), for administrators. */
export async function backgroundCheckSetupRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    `${base}/background-check-agencies`,
    { schema: { response: { 200: z.array(backgroundCheckAgencySchema) } } },
    async (req) => backgroundCheckAgencies(app.deps, await requireRequestContext(req)),
  );
  routes.get(
    `${base}/:id/background-check-products/:clientId`,
    {
      schema: {
        params: z.object({ id: z.uuid('Not an organization id'), clientId: clientSlug }),
        response: products,
      },
    },
    async (req) =>
      backgroundCheckProducts(app.deps, await requireRequestContext(req), {
        organizationId: req.params.id,
        clientId: req.params.clientId,
      }),
  );
  routes.get(
    `${base}/preview-background-check-products/:agencyId/:clientId`,
    { schema: { params: z.object({ agencyId: slug, clientId: clientSlug }), response: products } },
    async (req) =>
      previewBackgroundCheckProducts(app.deps, await requireRequestContext(req), {
        agencyId: req.params.agencyId,
        clientId: req.params.clientId,
      }),
  );
  const clients = { 200: z.array(backgroundCheckClientSchema) };
  const orgParams = z.object({ id: z.uuid('Not an organization id') });
  routes.get(
    `${base}/available-background-check-clients/:agencyId`,
    { schema: { params: z.object({ agencyId: slug }), response: clients } },
    async (req) =>
      availableBackgroundCheckClients(app.deps, await requireRequestContext(req), {
        agencyId: req.params.agencyId,
      }),
  );
  routes.get(
    `${base}/:id/background-check-clients`,
    { schema: { params: orgParams, response: clients } },
    async (req) =>
      backgroundCheckClientsOf(app.deps, await requireRequestContext(req), { organizationId: req.params.id }),
  );
  routes.post(
    `${base}/:id/background-check-client`,
    {
      schema: {
        params: orgParams,
        body: addBackgroundCheckClientBodySchema,
        response: { 201: backgroundCheckClientSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(
        await addBackgroundCheckClient(app.deps, await requireRequestContext(req), {
          ...req.body,
          organizationId: req.params.id,
        }),
      ),
  );
  routes.get(
    `${base}/:id/background-check-settings`,
    { schema: { params: orgParams, response: { 200: backgroundCheckSettingsSchema } } },
    async (req) =>
      getBackgroundCheckSettings(app.deps, await requireRequestContext(req), {
        organizationId: req.params.id,
      }),
  );
  routes.put(
    `${base}/:id/background-check-settings`,
    {
      schema: {
        params: orgParams,
        body: backgroundCheckSettingsSchema,
        response: { 200: backgroundCheckSettingsSchema },
      },
    },
    async (req) =>
      updateBackgroundCheckSettings(app.deps, await requireRequestContext(req), {
        organizationId: req.params.id,
        body: req.body,
      }),
  );
}
