/**
 * The full-screen loading screen with the logo. Anything still loading (the first system state, a
 * screen's chunk) raises a signal; when the last one drops, the screen fades out over 450 ms.
 */
import { createContext, type ReactNode, useCallback, useContext, useLayoutEffect, useMemo, useState } from 'react';
import { LoadingScreen } from './LoadingScreen';

interface LoadingSignals {
  raise(): () => void;
}

const LoadingContext = createContext<LoadingSignals>({ raise: () => () => {} });

/**
 * Keeps the loading screen up while `active`. A layout effect: the loading screen is in the same
 * picture as the first commit that needs it, never a frame with neither the screen nor the loading
 * screen.
 */
export function useLoadingSignal(active: boolean): void {
  const { raise } = useContext(LoadingContext);
  useLayoutEffect(() => (active ? raise() : undefined), [active, raise]);
}

/** A Suspense fallback: the loading screen stays while the chunk loads. */
export function LoadingFallback() {
  useLoadingSignal(true);
  return null;
}

export function LoadingProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const raise = useCallback(() => {
    setCount((n) => n + 1);
    let dropped = false;
    return () => {
      if (dropped) return;
      dropped = true;
      setCount((n) => n - 1);
    };
  }, []);
  const value = useMemo(() => ({ raise }), [raise]);
  return (
    <LoadingContext.Provider value={value}>
      {children}
      <LoadingScreen visible={count > 0} />
    </LoadingContext.Provider>
  );
}
