/**
 * Tells the server (and through it the console) that this projector page is connected, and whether
 * it still waits for the crew's first click: the `projectors.report` subscription stays open while
 * the page does; the websocket link opens it again after a reconnect. A changed state is a new report.
 */
import { useEffect } from 'react';
import type { ProjectorScreen } from '../../src/schemas/projectors';
import { trpcClient } from '../trpcClient';

const PAGE_KEY = 'hoithi.projectorPage';

/** This tab's id: kept across reloads (sessionStorage), so the console sees one screen come back. */
function pageId(): string {
  let id: string | null = null;
  try {
    id = sessionStorage.getItem(PAGE_KEY);
    if (!id || !/^[a-z0-9]{8,24}$/.test(id)) {
      id = Math.random().toString(36).slice(2, 14).padEnd(8, '0');
      sessionStorage.setItem(PAGE_KEY, id);
    }
  } catch {
    id ??= Math.random().toString(36).slice(2, 14).padEnd(8, '0');
  }
  return id;
}

/** `screen` null reports nothing (the console's own preview frames). */
export function useProjectorReport(screen: ProjectorScreen | null, needsClick: boolean): void {
  useEffect(() => {
    if (!screen) return;
    const subscription = trpcClient.projectors.report.subscribe({ screen, page: pageId(), needsClick }, {});
    return () => subscription.unsubscribe();
  }, [screen, needsClick]);
}
