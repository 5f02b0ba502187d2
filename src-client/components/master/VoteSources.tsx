/**
 * The vote's ballots by network address, on the console: the addresses with the most ballots (an
 * IPv6 network by its /64), how many of each were counted and how many refused (too fast, without
 * the page's cookie, already voted…), and, before the award, a way to strike one address's ballots
 * (a script's flood) after a confirmation. The server checks the role and writes the action log.
 */
import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { masterText } from '../../../src/messages/master';
import type { TVote, TVoteSource } from '../../../src/schemas/vote';
import { useLoadError, useRefetchOnReconnect } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';
import { notifyError, notifySuccess } from '../notify';
import { confirmStep } from './confirmStep';

const S = masterText.vote.sources;
const number = (n: number) => n.toLocaleString('vi-VN');
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export function VoteSources({ vote }: { vote: TVote }) {
  const trpc = useTRPC();
  // Every 3 s while the vote is open; once it has ended, as it stands.
  const query = useQuery(trpc.vote.sources.queryOptions(undefined, { refetchInterval: vote.open ? 3000 : false }));
  useLoadError(S.loadError, query.error);
  useRefetchOnReconnect(query.refetch, true);
  const { refetch } = query;
  // Another vote, or this one ended or awarded: read again at once.
  const stage = `${vote._id}:${vote.open}:${vote.award !== null}`;
  useEffect(() => {
    if (stage) void refetch();
  }, [stage, refetch]);

  const discard = useMutation(
    trpc.vote.discard.mutationOptions({
      onSuccess: (answer, input) => {
        notifySuccess(S.discardedToast(answer.discarded, input.address), 5000);
        void refetch();
      },
      onError: (error) => notifyError(S.discardError, error),
    }),
  );

  const sources = query.data?.voteId === vote._id ? query.data.sources : [];
  const ask = (source: TVoteSource) =>
    confirmStep({
      title: S.discardTitle(source.ballots, source.address),
      text: S.discardText,
      confirm: S.discard,
      color: 'red',
      onConfirm: () => discard.mutate({ voteId: vote._id, address: source.address }),
    });

  return (
    <Stack gap={6} data-testid="vote-sources">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {S.title}
      </Text>
      <Text size="xs" c="dimmed" lh={1.35}>
        {S.hint}
      </Text>
      {sources.length === 0 ? (
        <Text size="sm" c="dimmed">
          {query.isPending ? '' : S.empty}
        </Text>
      ) : (
        <Table verticalSpacing={4} horizontalSpacing={6} fz="sm" withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{S.address}</Table.Th>
              <Table.Th ta="right">{S.counted}</Table.Th>
              <Table.Th ta="right">{S.refused}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{S.discard}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sources.map((source) => (
              <Table.Tr
                key={source.address}
                data-testid="vote-source"
                data-address={source.address}
                data-ballots={source.ballots}
                data-refused={source.refused}
                data-discarded={source.discarded ? true : undefined}
              >
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  <Text size="sm" ff="monospace" lh={1.3}>
                    {source.address}
                  </Text>
                  {source.discarded && (
                    <Badge size="xs" color="red" variant="light" mt={2}>
                      {S.discarded(source.discarded.ballots)}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  <Text
                    span
                    size="sm"
                    fw={700}
                    td={source.discarded ? 'line-through' : undefined}
                    c={source.discarded ? 'dimmed' : undefined}
                  >
                    {number(source.ballots)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  <Text span size="sm" c={source.refused > 0 ? 'orange.8' : 'dimmed'} fw={source.refused > 0 ? 700 : 400}>
                    {number(source.refused)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {!source.discarded && !vote.award && source.ballots > 0 && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="red"
                      aria-label={S.discardLabel(source.address)}
                      loading={discard.isPending && discard.variables?.address === source.address}
                      onClick={() => ask(source)}
                    >
                      {S.discard}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
