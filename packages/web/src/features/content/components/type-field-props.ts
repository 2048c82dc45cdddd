import type { ReactNode } from 'react';
import type { FieldErrors } from '../../../lib/forms.ts';

/** What a requirement type's content fields get from TypeContentFields: its ids, content and errors, and setters. */
export type TypeFieldProps = {
  id: string;
  content: Record<string, unknown>;
  errors: FieldErrors;
  set: (key: string, value: unknown) => void;
  onChange: (content: Record<string, unknown>) => void;
  input: (key: string, label: string, inputType?: string) => ReactNode;
};

export const str = (v: unknown) => (typeof v === 'string' ? v : '');
