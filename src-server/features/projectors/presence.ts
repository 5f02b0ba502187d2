/**
 * Which projector pages are connected to this instance, so the console can tell the crew what the
 * projector no longer shows the hall: a screen that still needs a click for sound and fullscreen, or
 * one that lost its connection (and since when). An anonymous page can add only a small entry, only
 * while it holds a subscription (which `MAX_SUBSCRIPTIONS_PER_SOCKET` and `WS_MAX_PER_ADDRESS`
 * already cap), and the list itself is capped: the oldest lost entries make room.
 */
import type { ProjectorScreen, TProjectorStatus } from '../../../src/schemas/projectors';

const MAX_PAGES = 64;
/** A page gone this long is no longer reported: the crew has long since seen it, or closed it on purpose. */
const FORGET_AFTER_MS = 60 * 60_000;

interface Page {
  screen: ProjectorScreen;
  /** Open reports (a page re-reporting a new state holds two for a moment). */
  open: number;
  needsClick: boolean;
  connectedAt: number;
  /** When it went away; null while connected. */
  lostAt: number | null;
}

export class ProjectorPresence {
  private readonly pages = new Map<string, Page>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The page is connected until the returned function is called. */
  join(pageId: string, screen: ProjectorScreen, needsClick: boolean): () => void {
    let page = this.pages.get(pageId);
    if (!page) {
      if (this.pages.size >= MAX_PAGES && !this.dropOldestLost()) return () => {};
      page = { screen, open: 0, needsClick, connectedAt: this.now(), lostAt: null };
      this.pages.set(pageId, page);
    }
    const entry = page;
    if (entry.lostAt !== null) entry.connectedAt = this.now();
    entry.open++;
    entry.screen = screen;
    entry.needsClick = needsClick;
    entry.lostAt = null;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      entry.open--;
      if (entry.open === 0) entry.lostAt = this.now();
    };
  }

  /**
   * Connected pages, and lost ones that no page of their kind has replaced since (a projector
   * opened anew in another tab stands in for the one it replaces).
   */
  list(): TProjectorStatus[] {
    const now = this.now();
    const pages = [...this.pages.entries()];
    const items: TProjectorStatus[] = [];
    for (const [id, page] of pages) {
      if (page.lostAt !== null) {
        if (now - page.lostAt > FORGET_AFTER_MS) {
          this.pages.delete(id);
          continue;
        }
        const lostAt = page.lostAt;
        if (pages.some(([, other]) => other.screen === page.screen && other.lostAt === null && other.connectedAt >= lostAt)) continue;
      }
      items.push({
        page: id,
        screen: page.screen,
        needsClick: page.needsClick,
        lostForMs: page.lostAt === null ? null : now - page.lostAt,
      });
    }
    return items.sort((a, b) => ORDER[a.screen] - ORDER[b.screen]);
  }

  private dropOldestLost(): boolean {
    let oldest: [string, number] | null = null;
    for (const [id, page] of this.pages) if (page.lostAt !== null && (!oldest || page.lostAt < oldest[1])) oldest = [id, page.lostAt];
    if (oldest) this.pages.delete(oldest[0]);
    return oldest !== null;
  }
}

const ORDER: Record<ProjectorScreen, number> = { screen: 0, screen2: 1, overlay: 2 };
