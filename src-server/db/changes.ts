/** The changes given: a key whose value is undefined is left out, so an update sets only the columns it names. */
export function definedOnly<T extends Record<string, unknown>>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
