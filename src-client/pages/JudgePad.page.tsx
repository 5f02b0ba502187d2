/**
 * /supporter and /giam-kham-token/:username: the judge's scoring pad. The token route signs the
 * judge in with the link's token first; neither page hands a Referer on.
 */
import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { loginText } from '../../src/messages/login';
import { padText } from '../../src/messages/pad';
import { JudgePad } from '../components/pad/JudgePad';
import { PadNotice, readLinkToken, TokenSignIn } from '../components/pad/TokenSignIn';
import { useSystemState } from '../hooks/useSystemState';

export default function JudgePadPage({ username }: { username?: string }) {
  // Read once: the sign-in takes the token out of the address bar.
  const [token] = useState(() => (username === undefined ? null : readLinkToken()));
  const { user } = useSystemState();

  const pad =
    user?.role === 'judge' ? (
      <JudgePad judge={user} />
    ) : (
      <PadNotice
        testId="pad-need-link"
        title={padText.needLinkTitle}
        text={user ? padText.notJudge : padText.needLink}
        action={
          <Button component={Link} href="/login" color="red" size="md">
            {loginText.login}
          </Button>
        }
      />
    );

  return (
    <>
      <meta name="referrer" content="no-referrer" />
      {username !== undefined && token ? (
        <TokenSignIn username={username} token={token}>
          {pad}
        </TokenSignIn>
      ) : (
        pad
      )}
    </>
  );
}
