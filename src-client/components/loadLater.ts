/**
 * Chunks a screen needs soon but not for its first picture (toasts, confirm dialogs): loaded once the
 * page is up and the browser idle, so they are there before the hall's Wi-Fi drops and a toast has to
 * say so; a failed load is tried again the next time.
 */

/** One load of a chunk, shared; after a failure the next call tries again. */
export function chunkLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

const IDLE_AFTER_LOAD_MS = 2000;

/** Runs `task` a moment after the page has loaded, when the browser is idle. */
export function whenIdle(task: () => void): void {
  const later = () =>
    window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => task());
      else task();
    }, IDLE_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
