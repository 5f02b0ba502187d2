/** An image, audio or video element for a question's media, sized for a card. */
import { Box } from '@mantine/core';
import type { TMedia } from '../../../src/schemas/questionSet';

export function MediaPreview({ media, maxHeight = 200 }: { media: TMedia; maxHeight?: number }) {
  if (media.kind === 'image') {
    return (
      <Box
        component="img"
        src={media.url}
        alt=""
        data-testid="media-preview"
        style={{ maxHeight, maxWidth: '100%', borderRadius: 8, display: 'block', objectFit: 'contain' }}
      />
    );
  }
  if (media.kind === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: contest media come as uploaded, with no caption track; the question text is on screen
    return <audio src={media.url} controls preload="none" data-testid="media-preview" style={{ width: '100%', maxWidth: 420 }} />;
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: contest media come as uploaded, with no caption track; the question text is on screen
    <video
      src={media.url}
      controls
      preload="metadata"
      data-testid="media-preview"
      style={{ maxHeight, maxWidth: '100%', borderRadius: 8, background: '#000' }}
    />
  );
}
