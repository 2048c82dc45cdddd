import { describe, expect, it } from 'vitest';

import {
  extensionForMimeType,
  mimeTypeByExtension,
  mimeTypeForExtension,
  normalizeExtension,
} from './files.ts';

// Spec §9 extensions with their MIME types: [extension, mime].
const table = [
  ['pdf', 'application/pdf'],
  ['png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['txt', 'text/plain'],
  ['csv', 'text/csv'],
  ['xml', 'application/xml'],
  ['rar', 'application/vnd.rar'],
  ['zip', 'application/zip'],
  ['7z', 'application/x-7z-compressed'],
  ['tar', 'application/x-tar'],
  ['xls', 'application/vnd.ms-excel'],
] as const;

describe('file extension mapping', () => {
  it('is exactly the spec extensions', () => {
    expect(Object.entries(mimeTypeByExtension)).toEqual(table);
  });

  it.each(table)('%s ↔ %s', (ext, mime) => {
    expect(mimeTypeForExtension(ext)).toBe(mime);
    expect(mimeTypeForExtension(`.${ext.toUpperCase()}`)).toBe(mime);
    expect(mimeTypeForExtension(`file.name.${ext}`)).toBe(mime);
    expect(extensionForMimeType(mime)).toBe(ext);
  });

  it('accepts jpg for jpeg', () => {
    expect(normalizeExtension('photo.JPG')).toBe('jpeg');
    expect(mimeTypeForExtension('jpg')).toBe('image/jpeg');
  });

  it('ignores MIME parameters and case', () => {
    expect(extensionForMimeType('text/csv; charset=utf-8')).toBe('csv');
    expect(extensionForMimeType('Application/PDF')).toBe('pdf');
  });

  it('returns undefined for unmapped values', () => {
    expect(mimeTypeForExtension('exe')).toBeUndefined();
    expect(mimeTypeForExtension('constructor')).toBeUndefined();
    expect(mimeTypeForExtension('')).toBeUndefined();
    expect(extensionForMimeType('application/octet-stream')).toBeUndefined();
  });
});
