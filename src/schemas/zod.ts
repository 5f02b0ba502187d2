/**
 * zod that speaks to people: import `z` from here. A check without its own message gets one that names
 * its field in Vietnamese ("Vui lòng nhập tiêu đề", "Tên đội chỉ được dài tối đa 200 ký tự"), built
 * from the issue's path and the label table of src/messages/validation.ts; never zod's generic locale
 * text, which names types ("mong đợi string").
 */
import { z } from 'zod';
import { validationText } from '../messages/validation';

type Issue = z.core.$ZodRawIssue;
const t = validationText.issues;

/** The field an issue is about, as a sentence says it: the last key of its path, read in its parent's context. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const keys = (path ?? []).filter((part): part is string => typeof part === 'string');
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i]!;
    const parent = keys[i - 1];
    const label = (parent !== undefined && validationText.labels[`${parent}.${key}`]) || validationText.labels[key];
    // Else the field it is part of names it (a round's title under `roundTitles.3`).
    if (label) return label;
  }
  return t.anyField;
}

const capital = (text: string) => text.charAt(0).toLocaleUpperCase('vi') + text.slice(1);
const amount = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : n.toLocaleString('vi-VN'));

/** The message for one issue raised by a check that has none of its own. */
export function issueMessage(issue: Issue): string {
  const label = fieldLabel(issue.path);
  const Label = capital(label);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) {
        if (!issue.path?.length) return t.missingBody;
        return issue.expected === 'string' || issue.expected === 'number' || issue.expected === 'int' ? t.required(label) : t.choose(label);
      }
      if (issue.expected === 'int') return t.notInteger(Label);
      if (issue.expected === 'number' || issue.expected === 'bigint') return t.notNumber(Label);
      return t.wrongKind(Label);
    }
    case 'too_small': {
      const n = amount(issue.minimum);
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? t.required(label) : t.tooShort(Label, n);
      if (issue.origin === 'array' || issue.origin === 'set') return t.fewItems(Label, n);
      return issue.inclusive === false ? t.above(Label, n) : t.atLeast(Label, n);
    }
    case 'too_big': {
      const n = amount(issue.maximum);
      if (issue.origin === 'string') return t.tooLong(Label, n);
      if (issue.origin === 'array' || issue.origin === 'set') return t.manyItems(Label, n);
      return issue.inclusive === false ? t.below(Label, n) : t.atMost(Label, n);
    }
    case 'not_multiple_of':
      return t.multipleOf(Label, amount(issue.divisor));
    case 'invalid_format':
      return issue.format === 'datetime' || issue.format === 'date' || issue.format === 'time' ? t.badDateTime(Label) : t.badFormat(Label);
    case 'invalid_value':
      return issue.input === undefined ? t.choose(label) : t.notAllowed(Label);
    case 'unrecognized_keys':
      return t.unknownFields(issue.keys.length);
    default:
      return t.invalid(Label);
  }
}

z.config({ customError: issueMessage });

export { z };
