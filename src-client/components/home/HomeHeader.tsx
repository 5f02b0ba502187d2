/** The front page's top bar: the brand, the way to one's own screen, the user menu. */
import { Box, Button, Container, Group } from '@mantine/core';
import { Link } from 'wouter';
import { ROLE_HOME } from '../../../src/constants';
import { appText } from '../../../src/messages/app';
import type { TPublicUser } from '../../../src/schemas/auth';
import { Brand } from '../Brand';
import { UserMenu } from '../UserMenu';

export function HomeHeader({ user }: { user: TPublicUser | null }) {
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Brand />
          <Group gap="sm" wrap="nowrap">
            {user && (
              <Button component={Link} href={ROLE_HOME[user.role]} color="red" variant="light" visibleFrom="xs">
                {appText.goToMyScreen}
              </Button>
            )}
            <UserMenu compact />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
