/**
 * What a form does with its errors and its save's answer: zod's issues and the server's `data.field`
 * at the form's fields, and the toasts.
 */
import type { FormErrors } from '@mantine/form';
import type { z } from '../../src/schemas/zod';
import { mutationToasts, notifyError } from './notify';

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
 * The form path of the field a server error names, with the request's envelope taken off:
 * "user.email" → "email", "changes.mobile" → "mobile", "data.members.0.fullName" → "members.0.fullName",
 * "changes.data.title" → "title"; "roundTitles.5" stays.
 */
export function serverFieldPath(error: unknown): string | null {
  const field = (error as { data?: { field?: unknown } | null } | null)?.data?.field;
  if (typeof field !== 'string' || !field) return null;
  return field.replace(/^(user\.|changes\.data\.|changes\.|data\.)/, '');
}

interface FieldForm {
  getValues(): object;
  setFieldError(path: string, error: string): void;
}

/**
 * Puts the server's message at its field when the form has that field (one of `fields`, or of the
 * form's values, or a path inside one); true when it did.
 */
export function showServerFieldError(error: unknown, form: FieldForm, fields: readonly string[] = Object.keys(form.getValues())): boolean {
  const path = serverFieldPath(error);
  const message = (error as { message?: unknown } | null)?.message;
  if (!path || typeof message !== 'string' || !fields.some((f) => path === f || path.startsWith(`${f}.`))) return false;
  form.setFieldError(path, message);
  return true;
}

/** A save's `onError`: the server's message at its field (as above), and the toast with `prefix`. */
export function formSaveError(form: FieldForm, prefix: string, fields?: readonly string[]) {
  return (error: unknown) => {
    showServerFieldError(error, form, fields);
    notifyError(prefix, error);
  };
}

/** A form's save handlers: the toasts of `mutationToasts`, and a refusal's message at its field too. */
export function formSaveHandlers(form: FieldForm, success: string, failure: string, after: () => void, fields?: readonly string[]) {
  return { ...mutationToasts(success, failure, after), onError: formSaveError(form, failure, fields) };
}
