/** The front page's footer: the organiser and the two projector screens. */
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { appText } from '../../../src/messages/app';
import { homePageText } from '../../../src/messages/home';

export function HomeFooter() {
  return (
    <Box component="footer" bg="white" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {homePageText.organiser}
          </Text>
          <Group gap="md">
            <Text size="sm" c="dimmed">
              {homePageText.projectorScreens}:
            </Text>
            <Anchor href="/screen" size="sm" c="red.8">
              {appText.screenTitles.screen}
            </Anchor>
            <Anchor href="/screen2" size="sm" c="red.8">
              {appText.screenTitles.screen2}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
