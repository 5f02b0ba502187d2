/**
 * The answers the server wrote into this page for the calls its screen makes as it mounts
 * (src/routePreloads.ts, src-server/app.ts), put into the query cache before the first render: the
 * screen's first picture is whole. The queries still re-read as they mount, so nothing stays stale.
 */
import type { QueryClient } from '@tanstack/react-query';
import { PAGE_QUERIES_ELEMENT_ID } from '../src/constants';
import { type PageQuery, pageQueryKey } from '../src/routePreloads';

export function seedPageQueries(client: QueryClient): void {
  const element = document.getElementById(PAGE_QUERIES_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let answers: Partial<Record<PageQuery, unknown>>;
  try {
    answers = JSON.parse(element.textContent ?? '{}') as Partial<Record<PageQuery, unknown>>;
  } catch {
    return; // the screen asks for itself
  }
  for (const [query, data] of Object.entries(answers)) {
    if (data !== undefined) client.setQueryData(pageQueryKey(query as PageQuery), data);
  }
}
