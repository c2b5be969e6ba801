import { z } from 'zod';
import { importRowErrorSchema, type ImportRowError } from '@shared/trades/schemas';

/** A refused import's 400 details: the row errors [{line, field, message}], or none if not that shape. */
export function rowErrorsFromDetails(details: unknown): ImportRowError[] {
  const parsed = z.array(importRowErrorSchema).safeParse(details);
  return parsed.success ? parsed.data : [];
}
