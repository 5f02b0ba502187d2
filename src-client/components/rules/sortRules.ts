import type { TRule } from '../../../src/schemas/rules';

/** The rules in the order the organisers gave them, then by title. */
export function sortRules(items: readonly TRule[]): TRule[] {
  return [...items].sort((a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title, 'vi'));
}
