/** The smaller pieces of /team: the header with the countdown, sent answer and verdict, total and rank, waiting. */
import { Badge, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { teamText } from '../../../src/messages/team';
import type { TTeamListItem } from '../../../src/schemas/system';
import { compareStanding } from '../../../src/teamOrder';
import { tieNoteLine } from '../../../src/tieNote';
import { formatCountdown, formatPoint } from '../../../src/valueFormat';

const T = teamText;

export function TeamHeader({
  name,
  roundTitle,
  seconds,
  showCountdown,
  warn,
}: {
  name: string;
  roundTitle: string;
  seconds: number;
  showCountdown: boolean;
  warn: boolean;
}) {
  return (
    <Card withBorder radius="lg" padding="md" bg="red.8" c="white">
      <Group justify="space-between" wrap="nowrap" align="center">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" tt="uppercase" fw={700} style={{ opacity: 0.9, letterSpacing: 0.6 }} lineClamp={1}>
            {roundTitle}
          </Text>
          <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.2} data-testid="team-name">
            {name}
          </Title>
        </div>
        {showCountdown && (
          // Never squeezed by a long team name: the name wraps, the clock keeps its width ("9:12", "10:00").
          <Box
            miw={76}
            style={{ borderRadius: 14, flexShrink: 0 }}
            px={12}
            py={4}
            ta="center"
            bg={warn ? 'yellow.4' : 'white'}
            c={warn ? 'red.9' : 'red.8'}
          >
            <Text
              data-testid="team-countdown"
              fz={seconds >= 600 ? 32 : 40}
              fw={800}
              lh={1.1}
              style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            >
              {formatCountdown(seconds)}
            </Text>
            <Text size="xs" fw={600} mt={-4}>
              {seconds >= 60 ? T.minutes : T.seconds}
            </Text>
          </Box>
        )}
      </Group>
    </Card>
  );
}

export const SentAnswer = memo(function SentAnswer({
  answer,
  verdict,
  points = null,
}: {
  answer: string;
  verdict: 'right' | 'wrong' | null;
  /** The points a right answer earned, shown in a speed round (its place decides them). */
  points?: number | null;
}) {
  const color = verdict === 'right' ? 'teal' : verdict === 'wrong' ? 'red' : 'gray';
  return (
    <Card withBorder radius="lg" padding="md" data-testid="team-sent">
      <Stack gap="xs" align="center" ta="center">
        <Text size="lg" fw={600} style={{ wordBreak: 'break-word' }}>
          {T.sent(answer)}
        </Text>
        <Badge
          data-testid="team-verdict"
          data-verdict={verdict ?? ''}
          color={color}
          variant={verdict ? 'filled' : 'light'}
          size="xl"
          radius="md"
          h={verdict ? 52 : 36}
          fz={verdict ? 26 : 15}
          px="xl"
        >
          {verdict === 'right' ? T.right : verdict === 'wrong' ? T.wrong : T.waitingVerdict}
        </Badge>
        {verdict === 'right' && points !== null && (
          <Text size="xl" fw={800} c="teal.9" data-testid="team-points">
            {T.plusPoints(points)}
          </Text>
        )}
      </Stack>
    </Card>
  );
});

/** The team's total and rank, and under it why it stands there when another team has the same total; then every team. */
export const TeamTotal = memo(function TeamTotal({ team, listTeam }: { team: TTeamListItem; listTeam: TTeamListItem[] }) {
  const ranked = [...listTeam].sort(compareStanding);
  const note = tieNoteLine(team.tie);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack align="center" gap="xs" ta="center">
        <Text size="sm" tt="uppercase" fw={700} c="dimmed">
          {T.scoreboardTitle}
        </Text>
        <Text fz={{ base: 26, sm: 36 }} fw={800} c="red.8" data-testid="team-total" style={{ whiteSpace: 'nowrap' }}>
          {T.totalRank(team.rank, formatPoint(team.total))}
        </Text>
        {note && (
          // A chip that wraps: a criterion's whole label may take two lines on a phone.
          <Text fw={700} c="red.9" bg="yellow.4" px="md" py={6} maw="100%" style={{ borderRadius: 8 }} data-testid="team-tie">
            {note}
          </Text>
        )}
      </Stack>
      <Stack gap={2} mt="md">
        {ranked.map((t) => (
          <Group
            key={t._id}
            justify="space-between"
            wrap="nowrap"
            px="sm"
            py={6}
            bg={t._id === team._id ? 'red.0' : undefined}
            style={{ borderRadius: 8 }}
          >
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Text fw={700} c="dimmed" w={24} ta="right" style={{ flexShrink: 0 }}>
                {t.rank}
              </Text>
              <div style={{ minWidth: 0 }}>
                <Text fw={t._id === team._id ? 700 : 500} lineClamp={1}>
                  {t.name}
                </Text>
                {t.tie && (
                  <Text size="xs" c="dimmed" lineClamp={2} data-testid="team-list-tie">
                    {tieNoteLine(t.tie)}
                  </Text>
                )}
              </div>
            </Group>
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatPoint(t.total)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
});

export const Waiting = memo(function Waiting({ logoUrl, hint }: { logoUrl: string; hint?: string }) {
  return (
    <Card withBorder radius="lg" padding="xl" data-testid="team-waiting">
      <Stack align="center" gap="sm" ta="center" py="lg">
        <Image src={logoUrl || '/logo.svg'} fallbackSrc="/logo.svg" alt="" w={88} h={88} fit="contain" />
        <Title order={3}>{T.waitingTitle}</Title>
        <Text c="dimmed">{hint ?? T.waitingHint}</Text>
      </Stack>
    </Card>
  );
});
