/**
 * /supporter and /giam-kham-token/:username: the judge's scoring pad. The token route signs the
 * judge in with the link's token first; neither page hands a Referer on.
 */
import { Button, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { mayHeadJudge } from '../../src/jury';
import { juryText } from '../../src/messages/jury';
import { loginText } from '../../src/messages/login';
import { padText } from '../../src/messages/pad';
import type { TPublicUser } from '../../src/schemas/auth';
import { JudgePad } from '../components/pad/JudgePad';
import { PadNotice, readLinkToken, TokenSignIn } from '../components/pad/TokenSignIn';
import { useJury } from '../hooks/useJury';
import { useSystemState } from '../hooks/useSystemState';

/** Only the head judge opens it: every other pad loads none of it. */
const JuryBoard = lazy(() => import('../components/jury/JuryBoard').then((m) => ({ default: m.JuryBoard })));

/**
 * The judge named trưởng ban has a second tab: the head judge's board. Any other judge has the pad
 * alone, as before.
 */
function JudgeScreens({ judge }: { judge: TPublicUser }) {
  const { jury } = useJury();
  const [tab, setTab] = useState<'pad' | 'board'>('pad');
  if (!mayHeadJudge(judge, jury)) return <JudgePad judge={judge} />;
  return (
    <>
      <Group grow gap={0} data-testid="head-judge-tabs" role="tablist">
        {(['pad', 'board'] as const).map((value) => (
          <Button
            key={value}
            radius={0}
            color="red"
            variant={tab === value ? 'filled' : 'light'}
            role="tab"
            aria-selected={tab === value}
            onClick={() => setTab(value)}
          >
            {value === 'pad' ? juryText.scoreTab : juryText.tab}
          </Button>
        ))}
      </Group>
      {tab === 'pad' ? (
        <JudgePad judge={judge} />
      ) : (
        <div style={{ padding: 12, maxWidth: 720, margin: '0 auto' }}>
          <Suspense fallback={null}>
            <JuryBoard />
          </Suspense>
        </div>
      )}
    </>
  );
}

export default function JudgePadPage({ username }: { username?: string }) {
  // Read once: the sign-in takes the token out of the address bar.
  const [token] = useState(() => (username === undefined ? null : readLinkToken()));
  const { user } = useSystemState();

  const pad =
    user?.role === 'judge' ? (
      <JudgeScreens judge={user} />
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
