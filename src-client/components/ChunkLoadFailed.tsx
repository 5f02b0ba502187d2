import { Button, Code } from '@mantine/core';
import { messages } from '../../src/messages';
import { ScreenNotice } from './ScreenNotice';

export type ChunkFailureType = 'missing' | 'timeout' | 'error';

export function ChunkLoadFailed({ id, type, src }: { id: string; type: ChunkFailureType; src: string }) {
  return (
    <ScreenNotice testId="chunk-load-failed" title={messages.chunkLoadFailedTitle} hint={messages.chunkLoadFailedHint} maw={560}>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', textAlign: 'left' }}>
        {messages.chunkLoadFailed(id, type, src)}
      </Code>
      <Button size="md" color="red" onClick={() => window.location.reload()}>
        {messages.reload}
      </Button>
    </ScreenNotice>
  );
}
