/**
 * A load that runs once and is shared by every caller; after a failure the next call tries again.
 * The client's chunks loaded later (`loadLater.ts`) and the server's heavy libraries (`heavy.ts`).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
