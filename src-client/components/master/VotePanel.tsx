/**
 * The audience vote on the console: with no vote, the form that opens one; while it is open, the
 * live tally as bars, the time left, the buttons that put it on the screens and the one that ends
 * it; the ballots by network address, one address's ballots to discard (`VoteSources`); once it has
 * ended, the final result with its winners, and turning it into points on a field of the scoring sheet. The vote comes from `vote.get`, then from the live `vote` message (the newer
 * by event order, `liveWins`), and each of the console's own calls writes its answer, with its event, straight in.
 */
import { Badge, Button, Code, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { masterText } from '../../../src/messages/master';
import type { TScoreField } from '../../../src/schemas/scoreField';
import type { ShowState, ShowTimer } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import type { TVote } from '../../../src/schemas/vote';
import { formatCountdown, formatPoint } from '../../../src/valueFormat';
import { useLiveNewerThan } from '../../hooks/liveEvents';
import { useLoadError, useRefetchOnReconnect } from '../../hooks/useConnection';
import { useCountdown } from '../../hooks/useCountdown';
import { useTRPC } from '../../trpc';
import { notifyError, notifySuccess } from '../notify';
import { confirmStep } from './confirmStep';
import { Panel } from './Panel';
import type { ShowMoves } from './useShowMove';
import { VoteForm } from './VoteForm';
import { VoteSources } from './VoteSources';
import { TallyBars, winnersOf } from './VoteTally';

const V = masterText.vote;

function AwardControls({
  vote,
  fields,
  winners,
  pending,
  onAward,
}: {
  vote: TVote;
  fields: TScoreField[];
  winners: string[];
  pending: boolean;
  onAward: (fieldName: string) => void;
}) {
  const [fieldName, setFieldName] = useState<string | null>(null);
  const names = winners.map((id) => vote.teams.find((t) => t._id === id)?.name ?? '—').join(', ');
  if (vote.award) {
    const label = fields.find((f) => f.name === vote.award?.fieldName)?.label ?? vote.award.fieldName;
    return (
      <Text size="sm" c="teal.9" fw={600} data-testid="vote-awarded">
        {V.awarded(names, formatPoint(vote.award.points), label)}
      </Text>
    );
  }
  // Points come to a team as its answers do: only an answers field takes them.
  const eligible = fields.filter((f) => f.kind === 'answers');
  const field = eligible.find((f) => f.name === fieldName) ?? null;
  if (eligible.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {V.noAnswerFields}
      </Text>
    );
  }
  const ask = () => {
    if (!field) return;
    confirmStep({
      title: V.awardTitle,
      text: V.awardText(names, field.label, formatPoint(field.maxPoint)),
      confirm: V.award,
      color: 'grape',
      onConfirm: () => onAward(field.name),
    });
  };
  return (
    <Group align="flex-end" gap={8} wrap="nowrap">
      <Select
        label={V.awardField}
        placeholder={V.awardFieldPlaceholder}
        description={V.awardFieldHint}
        data={eligible.map((f) => ({ value: f.name, label: V.fieldOption(f.label, formatPoint(f.maxPoint)) }))}
        value={fieldName}
        onChange={setFieldName}
        size="xs"
        style={{ flex: 1 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Button size="xs" color="grape" onClick={ask} disabled={!field} loading={pending}>
        {V.award}
      </Button>
    </Group>
  );
}

export function VotePanel({
  system,
  listTeam,
  fields,
  balance,
  moves,
}: {
  system: ShowState;
  listTeam: TTeamListItem[];
  fields: TScoreField[];
  balance: number;
  moves: ShowMoves;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.vote.get.queryOptions());
  useLoadError(V.loadError, query.error);
  useRefetchOnReconnect(query.refetch, true);
  const live = useLiveNewerThan('vote', query.data);
  const vote = live ? live.vote : (query.data?.vote ?? null);

  const [formShown, setFormShown] = useState(false);
  const keep = ({ vote: next, eventId }: { vote: TVote | null; eventId: number }) => {
    queryClient.setQueryData(trpc.vote.get.queryKey(), (old) => (old && eventId >= old.eventId ? { ...old, vote: next, eventId } : old));
  };
  const update = useMutation(trpc.vote.update.mutationOptions({ onSuccess: keep }));
  const award = useMutation(
    trpc.vote.award.mutationOptions({
      onSuccess: (answer) => {
        keep(answer);
        notifySuccess(V.awardedToast);
      },
      onError: (error) => notifyError(V.awardError, error),
    }),
  );

  const timer = useMemo<ShowTimer>(
    () => ({ endsAt: vote?.open ? vote.closesAt : null, durationMs: 0, remainingMs: 0 }),
    [vote?.open, vote?.closesAt],
  );
  const { seconds } = useCountdown(timer, balance);

  const openVote = (input: Parameters<typeof update.mutate>[0]) =>
    update.mutate(input, { onSuccess: () => setFormShown(false), onError: (error) => notifyError(V.openError, error) });
  const closeVote = () =>
    confirmStep({
      title: V.closeTitle,
      text: V.closeText,
      confirm: V.close,
      color: 'red',
      onConfirm: () => update.mutate({ open: false }, { onError: (error) => notifyError(V.closeError, error) }),
    });

  const form = <VoteForm listTeam={listTeam} balance={balance} pending={update.isPending} onOpen={openVote} />;
  if (!vote) {
    return (
      <Panel title={V.title} testId="vote-panel">
        {form}
      </Panel>
    );
  }

  const winners = winnersOf(vote);
  const ended = !vote.open;
  const status = vote.award ? V.awardedBadge : vote.open ? V.openBadge : V.closedBadge;
  const url = query.data?.url;
  return (
    <Panel
      title={V.title}
      testId="vote-panel"
      right={
        <Badge
          variant={vote.open ? 'dot' : 'light'}
          color={vote.open ? 'teal' : vote.award ? 'grape' : 'gray'}
          size="sm"
          data-testid="vote-status"
        >
          {status}
        </Badge>
      }
    >
      <Stack gap={10}>
        <Text size="xs" c="dimmed">
          {V.choicesInfo(vote.choices)} · {V.changeableInfo(vote.changeable)}
          {vote.open && ' · '}
          {vote.open &&
            (vote.closesAt !== null ? (
              <Text span inherit fw={700} c="dark.6" data-testid="vote-time-left">
                {V.timeLeft(formatCountdown(seconds))}
              </Text>
            ) : (
              V.closesByHand
            ))}
        </Text>
        {vote.open && url && (
          <Text size="xs" c="dimmed">
            {V.address}: <Code fz="xs">{url}</Code>
          </Text>
        )}
        {ended && (
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {V.result}
          </Text>
        )}
        <TallyBars vote={vote} winners={winners} />
        <Text size="sm" fw={600} data-testid="vote-ballots">
          {V.ballots(vote.ballots ?? 0)}
        </Text>
        <Group gap={6} grow>
          {[
            { label: V.toScreen, current: system.phase === 'vote', move: { phase: 'vote' as const } },
            { label: V.toScreen2, current: system.screen2 === 'vote', move: { screen2: 'vote' as const } },
          ].map((b) => (
            <Button
              key={b.label}
              size="xs"
              color="grape"
              variant={b.current ? 'filled' : 'light'}
              data-current={b.current}
              onClick={() => moves.move(b.move)}
            >
              {b.label}
            </Button>
          ))}
        </Group>
        {vote.open && (
          <Button size="xs" color="red" variant="outline" onClick={closeVote} loading={update.isPending}>
            {V.close}
          </Button>
        )}
        <VoteSources vote={vote} />
        {ended &&
          (winners.length > 0 ? (
            <AwardControls
              vote={vote}
              fields={fields}
              winners={winners}
              pending={award.isPending}
              onAward={(fieldName) => award.mutate({ fieldName })}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {V.noBallots}
            </Text>
          ))}
        {ended &&
          (formShown ? (
            <Stack gap={6}>
              <Group justify="space-between">
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  {V.newVote}
                </Text>
                <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setFormShown(false)}>
                  {V.hideForm}
                </Button>
              </Group>
              {form}
            </Stack>
          ) : (
            <Button size="xs" variant="default" onClick={() => setFormShown(true)}>
              {V.newVote}
            </Button>
          ))}
      </Stack>
    </Panel>
  );
}
