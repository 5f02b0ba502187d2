/** The event's name and logo for the stage: part of the live state, so a change shows at once. */
import { appText } from '../../../src/messages/app';
import type { ShowEvent } from '../../../src/schemas/show';

export function useEventSettings(event: ShowEvent): { name: string; logoUrl: string; date: string | null; venue: string } {
  return {
    name: event.name || appText.appName,
    logoUrl: event.logoUrl || '/logo.svg',
    date: event.date,
    venue: event.venue,
  };
}
