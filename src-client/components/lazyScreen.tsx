/**
 * Each screen is its own chunk, loaded on demand with a 120 s time-out. A chunk that cannot be
 * loaded becomes a screen that says which one and why (missing, timeout or error) and offers a reload.
 */
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../src/constants';
import { ChunkLoadFailed, type ChunkFailureType } from './ChunkLoadFailed';

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

export function lazyScreen<P extends object>(
  id: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      return await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
    } catch (error) {
      const src = chunkAddress(error);
      const type = await classify(error, src);
      console.error(`Loading chunk ${id} failed`, error);
      const Failed = () => <ChunkLoadFailed id={id} type={type} src={src} />;
      return { default: Failed as ComponentType<P> };
    }
  });
}
