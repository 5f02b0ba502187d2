import { Group, Image, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'wouter';
import { appText } from '../../src/messages/app';

/**
 * The logo and the event name, linking home. The link's name is the text it shows (so what a voice
 * user reads out is what it answers to); the tooltip says where it leads.
 */
export function Brand({ subtitle }: { subtitle?: string }) {
  return (
    <UnstyledButton component={Link} href="/" title={appText.backHome}>
      <Group gap="sm" wrap="nowrap">
        <Image src="/logo.svg" alt="" w={36} h={36} />
        <span>
          <Text component="span" display="block" fw={800} size="lg" lh={1.1} c="red.8">
            {appText.appName}
          </Text>
          {subtitle && (
            <Text component="span" display="block" size="xs" c="dimmed" lh={1.2} lineClamp={1}>
              {subtitle}
            </Text>
          )}
        </span>
      </Group>
    </UnstyledButton>
  );
}
