import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resizedImage } from './images.service.ts';

/**
 * GET /api/images/{token}?w&q: the image behind a signed file link, resized (spec §9 widths, else 400), quality 75
 * by default, AVIF/WebP by Accept; public like the link itself (an <img srcset> sends no token but this one).
 */
export async function imageRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/images/:token',
    {
      config: { public: true },
      compress: false,
      schema: {
        params: z.object({ token: z.string().min(1).max(1000) }),
        querystring: z.object({
          w: z.coerce.number().int().min(1).max(10_000),
          q: z.coerce.number().int().min(1).max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const image = await resizedImage(app.deps, {
        token: request.params.token,
        width: request.query.w,
        quality: request.query.q,
        accept: request.headers.accept,
      });
      void reply
        .header('etag', image.etag)
        .header('vary', 'Accept')
        .header('cache-control', `private, max-age=${image.maxAgeSeconds}`)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.type(image.contentType).send(image.body);
    },
  );
}
