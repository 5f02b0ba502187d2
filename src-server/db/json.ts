/**
 * JSON columns are parsed where they are read, with their zod schema, never cast: a malformed stored
 * value stops there with an error naming the column, the row and what is wrong, instead of reaching a
 * screen as the wrong type. The caller answers it like any unexpected failure (logged, then a generic
 * 500), so nothing internal leaks.
 */
import { z } from '../../src/schemas/zod';

/** A stored JSON value that does not have the shape its column holds. */
export class StoredValueError extends Error {
  constructor(
    /** Where it was read, e.g. `teams.members of team 42`. */
    readonly where: string,
    readonly issues: z.ZodError['issues'],
  ) {
    super(`${where} is malformed: ${issues.map((issue) => `${pathOf(issue.path) || '(the value)'}: ${issue.message}`).join('; ')}`);
    this.name = 'StoredValueError';
  }
}

function pathOf(path: readonly PropertyKey[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${String(part)}`)).join('');
}

// The log is read by whoever runs the server: English, whatever the locale the forms use.
const english = z.locales.en().localeError;

/** `value`, read from the JSON column named by `where`, parsed with its schema; throws StoredValueError. */
export function parseStored<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value, { error: english });
  if (!result.success) throw new StoredValueError(where, result.error.issues);
  return result.data;
}
