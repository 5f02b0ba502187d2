/** A round's notice on a team's phone: one centred line, in the brand colour when it is about this team. */
import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function TurnNotice({ ours, testId, fz, children }: { ours: boolean; testId: string; fz: [number, number]; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="md" bg={ours ? 'yellow.1' : undefined} data-testid={testId} data-ours={ours || undefined}>
      <Text ta="center" fw={800} fz={ours ? fz[0] : fz[1]} c={ours ? 'red.9' : undefined}>
        {children}
      </Text>
    </Card>
  );
}
