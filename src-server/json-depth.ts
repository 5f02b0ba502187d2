/**
 * Input nested deeper than any honest call is refused before anything walks it: the check reads the
 * raw JSON text once, left to right, with a counter (no recursion, no parse), so 8,000 levels cost a
 * scan and not a stack. The deepest honest input (a question set's import) nests about eight levels.
 */

export const MAX_JSON_DEPTH = 64;

/** Whether the JSON text opens more than `max` arrays or objects inside one another. */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * Whether a parsed value nests more than `max` arrays or objects inside one another: walked with an
 * explicit stack, never recursion, and given up on as soon as it is too deep.
 */
export function valueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (!item || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const inner of Array.isArray(item) ? item : Object.values(item)) {
      if (inner && typeof inner === 'object') stack.push([inner, depth + 1]);
    }
  }
  return false;
}
