/**
 * /giam-kham-token/:username?token=…: signs the judge in with the link's token, then takes the token
 * out of the address bar (and the history) so it is neither left on screen nor handed on. A wrong or
 * revoked token signs nobody in and says so.
 */
import { Button, Card, Center, Image, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { appText } from '../../../src/messages/app';
import { loginText } from '../../../src/messages/login';
import { padText } from '../../../src/messages/pad';
import type { TPublicUser } from '../../../src/schemas/auth';
import { clearLiveEvents } from '../../hooks/liveEvents';
import { setCurrentUser, systemStateQuery } from '../../hooks/useSystemState';
import { reconnectSocket, trpcClient } from '../../trpc';
import { LinkOffIcon } from './icons';
import { isRefusal } from './scoreQueue';

type Outcome = { user: TPublicUser } | { refused: true } | { networkError: true };

/** One sign-in per token, even when React runs the effect twice. */
const attempts = new Map<string, Promise<Outcome>>();

function signInOnce(username: string, token: string): Promise<Outcome> {
  const id = `${username}\n${token}`;
  let attempt = attempts.get(id);
  if (!attempt) {
    attempt = trpcClient.auth.login
      .mutate({ username, token })
      .then(({ user }): Outcome => ({ user }))
      .catch((error: unknown): Outcome => (isRefusal(error) ? { refused: true } : { networkError: true }));
    attempts.set(id, attempt);
  }
  return attempt;
}

function dropTokenFromAddress(username: string): void {
  window.history.replaceState(window.history.state, '', `/giam-kham-token/${encodeURIComponent(username)}`);
}

export function readLinkToken(): string | null {
  return new URLSearchParams(window.location.search).get('token');
}

export function TokenSignIn({ username, token, children }: { username: string; token: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'signing' | 'done' | 'refused' | 'networkError'>('signing');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (the retry button) is the trigger to sign in again
  useEffect(() => {
    let active = true;
    void signInOnce(username, token).then((outcome) => {
      if (!active) return;
      if ('user' in outcome) {
        dropTokenFromAddress(username);
        clearLiveEvents();
        setCurrentUser(queryClient, outcome.user);
        // The socket joins again with the judge's cookie; the state is re-read for this role.
        reconnectSocket();
        void queryClient.invalidateQueries({ queryKey: systemStateQuery.queryKey });
        setState('done');
      } else if ('refused' in outcome) {
        dropTokenFromAddress(username);
        setState('refused');
      } else {
        setState('networkError');
      }
    });
    return () => {
      active = false;
    };
  }, [username, token, queryClient, attempt]);

  const retry = useCallback(() => {
    attempts.delete(`${username}\n${token}`);
    setState('signing');
    setAttempt((n) => n + 1);
  }, [username, token]);

  if (state === 'done') return children;
  if (state === 'signing') {
    return (
      <Center mih="100dvh" data-testid="pad-signing-in">
        <Stack align="center" gap="md">
          <Loader color="red" />
          <Text c="dimmed">{padText.signingIn}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <PadNotice
      testId="pad-link-error"
      title={padText.linkInvalidTitle}
      text={state === 'refused' ? padText.linkInvalid : padText.linkNetworkError}
      action={
        state === 'networkError' ? (
          <Button color="red" size="md" onClick={retry}>
            {padText.retry}
          </Button>
        ) : (
          <Button component={Link} href="/login" variant="default" size="md">
            {loginText.login}
          </Button>
        )
      }
    />
  );
}

/** A full-screen card for the pad's sign-in problems. */
export function PadNotice({ testId, title, text, action }: { testId: string; title: string; text: string; action?: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="gray.1">
      <Card withBorder radius="lg" padding="xl" shadow="md" maw={440} w="100%" data-testid={testId}>
        <Stack align="center" gap="md" ta="center">
          <Image src="/logo.svg" alt={appText.appName} w={64} h={64} />
          <ThemeIcon size={52} radius="xl" color="red" variant="light">
            <LinkOffIcon size={28} />
          </ThemeIcon>
          <Title order={2} fz={22}>
            {title}
          </Title>
          <Text size="md">{text}</Text>
          {action}
        </Stack>
      </Card>
    </Center>
  );
}
