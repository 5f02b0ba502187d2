/** A question's or a format's media: an uploaded file or a web address. */
import { validationText } from '../messages/validation';
import { z } from './zod';

export const MEDIA_KINDS = ['image', 'audio', 'video'] as const;
export const ZMediaSchema = z.object({
  kind: z.enum(MEDIA_KINDS),
  url: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .refine((v) => /^(https?:\/\/|\/media\/)/.test(v), { message: validationText.invalidMediaUrl }),
});
export type TMedia = z.infer<typeof ZMediaSchema>;

const MEDIA_KINDS_BY_EXTENSION: Record<string, TMedia['kind']> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
};

/** A media URL's kind guessed from its file extension (query and fragment ignored), if it says one. */
export function mediaKindOfUrl(url: string): TMedia['kind'] | undefined {
  const file = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const dot = file.lastIndexOf('.');
  return dot < 0 ? undefined : MEDIA_KINDS_BY_EXTENSION[file.slice(dot + 1).toLowerCase()];
}
