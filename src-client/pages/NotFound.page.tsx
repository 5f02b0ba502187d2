/** Any path that is not a route. */
import { Box, Button, Center, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { messages } from '../../src/messages';

export default function NotFoundPage() {
  return (
    <Box mih="100vh" style={{ background: 'linear-gradient(135deg, #fff5f5 0%, #fff4e6 50%, #ffffff 100%)' }}>
      <title>{`${messages.notFoundPage} · ${messages.appName}`}</title>
      <Center mih="100vh" p="xl">
        <Stack align="center" gap="md" maw={520} ta="center" data-testid="not-found">
          <Image src="/logo.svg" alt={messages.appName} w={96} h={96} />
          <Text fz={96} fw={900} lh={1} c="red.7" style={{ letterSpacing: '-0.03em' }} aria-hidden>
            404
          </Text>
          <Title order={1} fz={32}>
            {messages.notFoundPage}
          </Title>
          <Text c="dimmed" size="lg">
            {messages.notFoundHint}
          </Text>
          <Button component={Link} href="/" size="md" color="red" mt="sm">
            {messages.backHome}
          </Button>
        </Stack>
      </Center>
    </Box>
  );
}
