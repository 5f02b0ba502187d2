/** Errors at the field: from a zod parse of the form's payload, and from the server's `data.field`. */
import type { FormErrors } from '@mantine/form';
import type { z } from '../../../src/schemas/zod';

/** zod issues keyed by Mantine's dotted path ("members.0.fullName"); the first issue of a field wins. */
export function zodFormErrors(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (path && !(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/**
 * The form path of a server error's field: the wrapper the call put around the values is dropped
 * ("user.email" → "email", "changes.mobile" → "mobile", "data.members.0.fullName" → "members.0.fullName").
 */
export function serverFieldPath(error: unknown): string | null {
  if (!error || typeof error !== 'object' || !('data' in error)) return null;
  const data = (error as { data?: { field?: unknown } | null }).data;
  const field = data?.field;
  if (typeof field !== 'string' || !field) return null;
  const path = field.replace(/^(user|changes|data)\./, '');
  return path === field && /^(user|changes|data|_id)$/.test(field) ? null : path;
}
