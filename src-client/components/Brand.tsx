import { Group, Image, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'wouter';
import { messages } from '../../src/messages';

/** The logo and the event name, linking home. */
export function Brand({ subtitle }: { subtitle?: string }) {
  return (
    <UnstyledButton component={Link} href="/" aria-label={messages.backHome}>
      <Group gap="sm" wrap="nowrap">
        <Image src="/logo.svg" alt="" w={36} h={36} />
        <div>
          <Text fw={800} size="lg" lh={1.1} c="red.8">
            {messages.appName}
          </Text>
          {subtitle && (
            <Text size="xs" c="dimmed" lh={1.2} lineClamp={1}>
              {subtitle}
            </Text>
          )}
        </div>
      </Group>
    </UnstyledButton>
  );
}
