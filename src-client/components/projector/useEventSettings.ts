/** The event's name and logo for the stage, re-read when the round titles change (settings were saved). */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { messages } from '../../../src/messages';
import { useTRPC } from '../../trpc';

export function useEventSettings(roundTitle: string): { name: string; logoUrl: string; date: string | null; venue: string } {
  const trpc = useTRPC();
  const query = useQuery(trpc.settings.get.queryOptions());
  const { refetch } = query;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void refetch();
  }, [roundTitle, refetch]);
  const settings = query.data?.settings;
  return {
    name: settings?.name || messages.appName,
    logoUrl: settings?.logoUrl || '/logo.svg',
    date: settings?.date ?? null,
    venue: settings?.venue ?? '',
  };
}
