/** The other consoles open right now, under the console's first line: who, and since when. */
import { Badge, Group, Paper, Text } from '@mantine/core';
import type { TConsole } from '../../../src/live';
import { masterText } from '../../../src/messages/master';
import { formatClock } from '../../../src/valueFormat';
import { consoleName } from './useConsole';

const M = masterText;

export function OtherConsoles({ others, userId }: { others: TConsole[]; userId: string | null }) {
  if (others.length === 0) return null;
  return (
    <Paper
      radius="md"
      px="sm"
      py={6}
      bg="orange.0"
      style={{ border: '1px solid var(--mantine-color-orange-3)' }}
      data-testid="other-consoles"
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={700} c="orange.9">
          {M.otherConsoles(others.length)}
        </Text>
        {others.map((c) => (
          <Badge key={c.id} variant="white" color="orange" size="lg" radius="sm" tt="none" data-testid="other-console">
            {consoleName(c, userId)} · {M.consoleSince(formatClock(c.since))}
          </Badge>
        ))}
      </Group>
    </Paper>
  );
}
