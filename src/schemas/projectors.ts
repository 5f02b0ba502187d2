/** What a projector page tells the server about itself, and what the console reads of it. */
import { z } from './zod';

/** The pages that show the night to the hall or the stream: /screen, /screen2, /screen?overlay=1. */
export const PROJECTOR_SCREENS = ['screen', 'screen2', 'overlay'] as const;
export type ProjectorScreen = (typeof PROJECTOR_SCREENS)[number];

/**
 * A projector is anonymous: it says only which page it is, a random id its tab keeps across reloads
 * (so a reload is not a new screen), and whether it still waits for the crew's first click.
 */
export const ZProjectorReportSchema = z.object({
  screen: z.enum(PROJECTOR_SCREENS),
  page: z.string().regex(/^[a-z0-9]{8,24}$/),
  needsClick: z.boolean(),
});

/** One projector page as the console sees it (this server instance's sockets). */
export interface TProjectorStatus {
  page: string;
  screen: ProjectorScreen;
  /** Still waits for a click to unlock sound and fullscreen. */
  needsClick: boolean;
  /** How long ago it went away; null while it is connected. */
  lostForMs: number | null;
}
