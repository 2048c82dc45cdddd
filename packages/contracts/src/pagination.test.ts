import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import {
  invoicePageLimit,
  listResponse,
  maxPerPage,
  organizationListPageSize,
  paginationDefaults,
  paginationQuerySchema,
} from './pagination.ts';

describe('pagination constants', () => {
  it('are the spec numbers', () => {
    expect(paginationDefaults).toEqual({ page: 1, perPage: 25, totalRecords: 0 });
    expect(organizationListPageSize).toBe(1000);
    expect(invoicePageLimit).toBe(20);
    expect(maxPerPage).toBe(100);
  });
});

describe('pagination query', () => {
  it('defaults to page 1, 25 per page', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, perPage: 25 });
  });

  it('coerces query strings', () => {
    expect(paginationQuerySchema.parse({ page: '3', perPage: '100' })).toEqual({ page: 3, perPage: 100 });
  });

  it.each([
    { page: '0' },
    { page: '-1' },
    { page: '1.5' },
    { perPage: '0' },
    { perPage: '101' },
    { page: 'x' },
  ])('refuses %j', (query) => {
    expect(paginationQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('listResponse', () => {
  const schema = listResponse(z.object({ id: z.string() }));

  it('is { items, totalCount }', () => {
    expect(schema.parse({ items: [{ id: 'a' }], totalCount: 1 })).toEqual({
      items: [{ id: 'a' }],
      totalCount: 1,
    });
  });

  it('checks the items and the count', () => {
    expect(schema.safeParse({ items: [{ id: 1 }], totalCount: 1 }).success).toBe(false);
    expect(schema.safeParse({ items: [], totalCount: -1 }).success).toBe(false);
    expect(schema.safeParse({ items: [] }).success).toBe(false);
  });
});
