/**
 * Each screen is its own chunk, loaded on demand with a 120 s time-out. A chunk that cannot be
 * loaded becomes a screen that says which one and why (missing, timeout or error) and offers a reload.
 */
import { type ComponentType, type LazyExoticComponent, lazy, type ReactElement } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../src/constants';
import { type ChunkFailureType, ChunkLoadFailed } from './ChunkLoadFailed';

class ChunkTimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The browser names the script it could not import in the error message. */
function chunkAddress(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+|\/assets\/\S+)/.exec(text)?.[1] ?? '';
}

async function classify(error: unknown, src: string): Promise<ChunkFailureType> {
  if (error instanceof ChunkTimeoutError) return 'timeout';
  if (!src) return 'error';
  try {
    const response = await fetch(src, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 ? 'missing' : 'error';
  } catch {
    return 'error';
  }
}

/** Something loaded on demand that can also be loaded ahead, before the first render. */
export interface Preloadable {
  preload(): Promise<void>;
}

export function lazyScreen<P extends object>(
  id: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): ((props: P) => ReactElement) & Preloadable {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const loadOnce = () => {
    loading ??= (async () => {
      try {
        const module = await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
        loaded = module.default;
        return module;
      } catch (error) {
        const src = chunkAddress(error);
        const type = await classify(error, src);
        console.error(`Loading chunk ${id} failed`, error);
        const Failed = () => <ChunkLoadFailed id={id} type={type} src={src} />;
        return { default: Failed as ComponentType<P> };
      }
    })();
    return loading;
  };
  const Lazy: LazyExoticComponent<ComponentType<P>> = lazy(loadOnce);
  // Once loaded (ahead, or by an earlier visit), the screen renders at once instead of suspending
  // for a moment behind the loading screen.
  const Screen = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  Screen.preload = () => loadOnce().then(() => undefined);
  return Screen;
}
