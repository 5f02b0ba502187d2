/** Where a server error belongs on a form. */

/**
 * The form path of the field a server error names, with the request's envelope taken off:
 * "data.title", "changes.data.title" → "title"; "changes.maxPoint" → "maxPoint"; "roundTitles.5" stays.
 */
export function serverFieldPath(error: unknown): string | null {
  const field = (error as { data?: { field?: unknown } } | null)?.data?.field;
  if (typeof field !== 'string' || !field) return null;
  return field.replace(/^(changes\.data\.|changes\.|data\.)/, '');
}

/** Puts the server's message at its field when the form has that field; true when it did. */
export function showServerFieldError(
  error: unknown,
  form: { setErrors: (errors: Record<string, string>) => void },
  fields: readonly string[],
): boolean {
  const path = serverFieldPath(error);
  const message = (error as { message?: unknown } | null)?.message;
  if (!path || typeof message !== 'string' || !fields.some((f) => path === f || path.startsWith(`${f}.`))) return false;
  form.setErrors({ [path]: message });
  return true;
}
