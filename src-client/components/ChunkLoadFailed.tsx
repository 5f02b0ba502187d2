import { Button, Code } from '@mantine/core';
import { appText } from '../../src/messages/app';
import { contractText } from '../../src/messages/contract';
import { ScreenNotice } from './ScreenNotice';

export type ChunkFailureType = 'missing' | 'timeout' | 'error';

export function ChunkLoadFailed({ id, type, src }: { id: string; type: ChunkFailureType; src: string }) {
  return (
    <ScreenNotice testId="chunk-load-failed" title={appText.chunkLoadFailedTitle} hint={appText.chunkLoadFailedHint} maw={560}>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', textAlign: 'left' }}>
        {contractText.chunkLoadFailed(id, type, src)}
      </Code>
      <Button size="md" color="red" onClick={() => window.location.reload()}>
        {appText.reload}
      </Button>
    </ScreenNotice>
  );
}
