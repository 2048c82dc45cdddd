import { randomUUID } from 'node:crypto';
import { LogController, type FastifyServerOptions, type FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

/** Query-string keys whose values are secrets or personal data and never reach the logs. */
const sensitiveQueryKeys =
  /^(token|access_token|refresh_token|code|password|email|externalid|ussfid|dateofbirth)$/i;

/** Strips sensitive query values from a URL before it is logged (invitation and reset links carry tokens). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (sensitiveQueryKeys.test(key)) params.set(key, '[Redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** Paths redacted from every log line: credentials, cookies, and the personal data of members (children among them). */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.refreshToken',
  '*.email',
  '*.dateOfBirth',
  '*.phone',
  '*.firstName',
  '*.lastName',
  '*.ussfId',
];

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's logger and request-id options: pino, redacted, with an id per request (an upstream id is kept if sane). */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'env'>,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[Redacted]' },
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
    requestIdHeader: 'x-request-id',
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
  };
}
