import { describe, expect, it } from 'vitest';

import { systemInfoSchema } from './system.ts';

const info = { product: 'Touchline', version: '0.1.0', environment: 'development', database: 'embedded' };

describe('system info', () => {
  it('accepts a deployment and keeps nothing about organizations', () => {
    expect(systemInfoSchema.parse(info)).toEqual(info);
    expect(systemInfoSchema.parse({ ...info, demo: { organizationName: 'Demo League' } })).toEqual(info);
  });

  it('knows the two database kinds only', () => {
    expect(systemInfoSchema.safeParse({ ...info, database: 'postgres' }).success).toBe(true);
    expect(systemInfoSchema.safeParse({ ...info, database: 'sqlite' }).success).toBe(false);
  });
});
