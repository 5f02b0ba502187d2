/**
 * Chunks a screen needs soon but not for its first picture (toasts, confirm dialogs): loaded once the
 * page is up and the browser idle, so they are there before the hall's Wi-Fi drops and a toast has to
 * say so; a failed load is tried again the next time.
 */
import { useEffect, useState } from 'react';
import { loadOnce } from '../../src/loadOnce';

const IDLE_AFTER_LOAD_MS = 2000;

/** Runs `task` a moment after the page has loaded, when the browser is idle (also the web font's files, webFont.ts). */
export function whenIdle(task: () => void): void {
  const later = () =>
    window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => task());
      else task();
    }, IDLE_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** A chunk with a host mounted once at the root (`useLazyHost`), which shows what the chunk brings. */
export interface LazyHost<T> {
  /** Loads the chunk (once; again after a failure). */
  load(): Promise<T>;
  /** Hands the loaded chunk to the host, if one is mounted: sooner than its idle-time load. */
  show(module: T): void;
  /** The mounted host's setter. */
  mounted: ((module: T) => void) | null;
}

export function lazyHost<T>(load: () => Promise<T>): LazyHost<T> {
  const host: LazyHost<T> = {
    load: loadOnce(load),
    show: (module) => host.mounted?.(module),
    mounted: null,
  };
  return host;
}

/** The host's chunk once it has loaded: when the browser is first idle, or sooner through `show`. */
export function useLazyHost<T>(host: LazyHost<T>): T | null {
  const [module, setModule] = useState<T | null>(null);
  useEffect(() => {
    host.mounted = setModule;
    whenIdle(() => {
      host.load().then(
        (loaded) => host.mounted?.(loaded),
        () => {},
      );
    });
    return () => {
      host.mounted = null;
    };
  }, [host]);
  return module;
}
