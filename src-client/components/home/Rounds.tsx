/** The rounds of the night as cards, the one on stage marked. */
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { appText } from '../../../src/messages/app';
import { homePageText } from '../../../src/messages/home';

export function Rounds({
  rounds,
  titleOf,
  current,
}: {
  rounds: readonly number[];
  titleOf: (n: number) => string;
  /** The round on stage, or null while the show is idle. */
  current: number | null;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
      {rounds.map((n) => (
        <RoundCard key={n} n={n} title={titleOf(n)} current={current === n} />
      ))}
    </SimpleGrid>
  );
}

function RoundCard({ n, title, current }: { n: number; title: string; current: boolean }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow={current ? 'md' : 'xs'}
      style={current ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 } : undefined}
    >
      <Group gap="md" wrap="nowrap" align="center">
        <ThemeIcon size={56} radius="xl" variant="gradient" gradient={{ from: 'red.8', to: 'orange.6', deg: 135 }}>
          <Text fz={26} fw={900} c="white">
            {n}
          </Text>
        </ThemeIcon>
        <Stack gap={2}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {appText.roundLabel(n)}
          </Text>
          <Text fw={800} fz="lg" lh={1.25}>
            {title}
          </Text>
          {current && (
            <Badge color="red" size="sm" variant="light" mt={4}>
              {homePageText.nowShowing}
            </Badge>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
