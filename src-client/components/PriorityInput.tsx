/** The priority of a user, a team or a question set: a whole number, small first; left empty it is chosen for you. */
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { usersText } from '../../src/messages/users';

const t = usersText;

export function PriorityInput(props: NumberInputProps) {
  return <NumberInput label={t.priority} description={t.priorityHint} placeholder={t.priorityAuto} allowDecimal={false} {...props} />;
}

/** The input's value as the server takes it: none when empty (a new item goes last, an edited one keeps its place). */
export function priorityValue(value: number | string): number | undefined {
  return typeof value === 'number' ? value : value === '' ? undefined : Number(value);
}
