/**
 * The full-screen loading screen with the logo. Anything still loading (the first system state, a
 * screen's chunk) raises a signal; when the last one drops, the screen fades out over 450 ms.
 */
import { Box, Image, Loader, Stack, Text, Transition } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { PRELOADER_FADE_MS } from '../../src/constants';
import { messages } from '../../src/messages';

interface LoadingSignals {
  raise(): () => void;
}

const LoadingContext = createContext<LoadingSignals>({ raise: () => () => {} });

/** Keeps the loading screen up while `active`. */
export function useLoadingSignal(active: boolean): void {
  const { raise } = useContext(LoadingContext);
  useEffect(() => (active ? raise() : undefined), [active, raise]);
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
      <Preloader visible={count > 0} />
    </LoadingContext.Provider>
  );
}

function Preloader({ visible }: { visible: boolean }) {
  return (
    <Transition mounted={visible} transition="fade" duration={0} exitDuration={PRELOADER_FADE_MS}>
      {(styles) => (
        <Box
          data-testid="preloader"
          role="status"
          aria-label={messages.loading}
          style={{
            ...styles,
            position: 'fixed',
            inset: 0,
            // Above the page and its modals (200), below toasts (400) so a failure shows while loading.
            zIndex: 350,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: 'radial-gradient(circle at 50% 40%, #fff8f0 0%, #ffffff 60%)',
          }}
        >
          <Stack align="center" gap="md">
            <Image src="/logo.svg" alt={messages.appName} w={112} h={112} />
            <Loader color="red" type="dots" />
            <Text size="sm" c="dimmed">
              {messages.loading}
            </Text>
          </Stack>
        </Box>
      )}
    </Transition>
  );
}
