/** A group's heading over its fields: a small bold title and a dimmed hint under it. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function FieldHeading({ title, hint, fw }: { title: ReactNode; hint: ReactNode; fw: number }) {
  return (
    <>
      <Text size="sm" fw={fw}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </>
  );
}
