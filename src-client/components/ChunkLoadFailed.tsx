import { Button, Center, Code, Image, Stack, Text, Title } from '@mantine/core';
import { messages } from '../../src/messages';

export type ChunkFailureType = 'missing' | 'timeout' | 'error';

export function ChunkLoadFailed({ id, type, src }: { id: string; type: ChunkFailureType; src: string }) {
  return (
    <Center mih="100vh" p="xl" data-testid="chunk-load-failed">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Image src="/logo.svg" alt={messages.appName} w={72} h={72} />
        <Title order={2}>{messages.chunkLoadFailedTitle}</Title>
        <Text c="dimmed">{messages.chunkLoadFailedHint}</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', textAlign: 'left' }}>
          {messages.chunkLoadFailed(id, type, src)}
        </Code>
        <Button size="md" color="red" onClick={() => window.location.reload()}>
          {messages.reload}
        </Button>
      </Stack>
    </Center>
  );
}
