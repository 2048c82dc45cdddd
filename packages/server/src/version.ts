import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = require('../package.json') as { version: string };

/** The server's version, as published in OpenAPI and /api/system/info. */
export const version: string = pkg.version;
