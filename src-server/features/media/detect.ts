/**
 * What an uploaded file really is, read from its bytes (file-type), never from what the browser
 * said. Only images, audio and video a projector can show are accepted; SVG is not (it can carry
 * scripts).
 */
import { loadFileType } from '../../heavy';

export const MEDIA_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'audio/mpeg',
  'audio/ogg',
  'audio/opus',
  'audio/wav',
  'audio/x-wav',
  'audio/aac',
  'audio/x-m4a',
  'audio/mp4',
  'audio/flac',
  'audio/x-flac',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/quicktime',
  'video/x-m4v',
]);

/** The media type detected from the bytes, or null when it is not one this app serves. */
export async function detectMediaType(data: Uint8Array): Promise<string | null> {
  const fileTypeFromBuffer = await loadFileType();
  const found = await fileTypeFromBuffer(data);
  return found && MEDIA_TYPES.has(found.mime) ? found.mime : null;
}
