/**
 * /preview: both projector screens side by side for rehearsal, each a live frame of the real
 * page (`?preview=1`: no start overlay, no sound) scaled into a 16:9 box.
 */
import { Anchor, AspectRatio, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages } from '../../src/messages';

const SCREENS = [
  { path: '/screen', label: messages.projector.previewScreen },
  { path: '/screen2', label: messages.projector.previewScreen2 },
] as const;

export default function PreviewPage() {
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {messages.screenTitles.preview}
        </Title>
        <Text c="dimmed" size="sm">
          {messages.projector.previewHint}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {SCREENS.map((screen) => (
          <Paper key={screen.path} withBorder radius="md" p="sm" shadow="xs">
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text fw={700}>{screen.label}</Text>
              <Anchor href={screen.path} target="_blank" rel="noopener" size="sm">
                {messages.projector.openFull}
              </Anchor>
            </Group>
            <AspectRatio ratio={16 / 9} style={{ borderRadius: 6, overflow: 'hidden', background: '#000' }}>
              <iframe
                src={`${screen.path}?preview=1`}
                title={screen.label}
                data-testid={`preview-${screen.path.slice(1)}`}
                style={{ border: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
              />
            </AspectRatio>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
