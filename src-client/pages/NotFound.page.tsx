/**
 * The not-found screen: any path that is not a route, and a route whose record the server does not
 * have (a question set id it answers 404 for). Inside the admin frame it is `embedded`: no full-page
 * background, and its button goes back to the list it came from.
 */
import { Box, Button, Center, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { appText } from '../../src/messages/app';
import { DocumentTitle } from '../hooks/useDocumentTitle';

interface Props {
  embedded?: boolean;
  /** Where the button leads (home by default). */
  back?: { href: string; label: string };
}

export default function NotFoundPage({ embedded = false, back = { href: '/', label: appText.backHome } }: Props) {
  const content = (
    <Stack align="center" gap="md" maw={520} ta="center" data-testid="not-found">
      <Image src="/logo.svg" alt={appText.appName} w={96} h={96} />
      <Text fz={96} fw={900} lh={1} c="red.7" style={{ letterSpacing: '-0.03em' }} aria-hidden>
        404
      </Text>
      <Title order={1} fz={32}>
        {appText.notFoundPage}
      </Title>
      <Text c="dimmed" size="lg">
        {appText.notFoundHint}
      </Text>
      <Button component={Link} href={back.href} size="md" color="red" mt="sm">
        {back.label}
      </Button>
    </Stack>
  );
  if (embedded) {
    return (
      <Center py={64} px="xl">
        {content}
      </Center>
    );
  }
  return (
    <Box component="main" mih="100vh" style={{ background: 'linear-gradient(135deg, #fff5f5 0%, #fff4e6 50%, #ffffff 100%)' }}>
      <DocumentTitle title={`${appText.notFoundPage} · ${appText.appName}`} />
      <Center mih="100vh" p="xl">
        {content}
      </Center>
    </Box>
  );
}
