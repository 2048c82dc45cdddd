import { describe, expect, it } from 'vitest';

import { systemInfoSchema } from './system.ts';

const info = {
  product: 'Touchline',
  version: '0.1.0',
  environment: 'development',
  database: 'embedded',
  demo: { organizationName: 'Demo League', memberCount: 40, levelCount: 6 },
};

describe('system info', () => {
  it('accepts a deployment with and without a demo league', () => {
    expect(systemInfoSchema.parse(info)).toEqual(info);
    expect(systemInfoSchema.parse({ ...info, demo: null }).demo).toBeNull();
  });

  it('knows the two database kinds only', () => {
    expect(systemInfoSchema.safeParse({ ...info, database: 'postgres' }).success).toBe(true);
    expect(systemInfoSchema.safeParse({ ...info, database: 'sqlite' }).success).toBe(false);
    expect(systemInfoSchema.safeParse({ ...info, demo: { ...info.demo, memberCount: 1.5 } }).success).toBe(
      false,
    );
  });
});
