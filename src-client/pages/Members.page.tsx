/**
 * /user/member: the teams as cards, 21 a page (the contract's user page size), with their members and
 * accounts; create, edit, delete, and a team account preset with that team.
 */
import { Box, Button, Card, Center, Group, Loader, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_USER_PAGE_SIZE } from '../../src/constants';
import { messages } from '../../src/messages';
import type { TTeam } from '../../src/schemas/team';
import { notifyError, notifySuccess } from '../components/notify';
import { TeamCard } from '../components/members/TeamCard';
import { TeamFormModal } from '../components/members/TeamFormModal';
import { PlusIcon } from '../components/users/icons';
import { UserFormModal } from '../components/users/UserFormModal';
import { useTRPC } from '../trpc';

const t = messages.teamAdmin;

export default function MembersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const teamsQuery = useQuery(trpc.team.all.queryOptions());
  useEffect(() => {
    if (teamsQuery.error) notifyError(t.teamListError, teamsQuery.error);
  }, [teamsQuery.error]);
  const teams = teamsQuery.data?.items ?? [];

  const [pageNumber, setPageNumber] = useState(1);
  const pageCount = Math.max(1, Math.ceil(teams.length / DEFAULT_USER_PAGE_SIZE));
  const page = Math.min(pageNumber, pageCount);
  const shown = teams.slice((page - 1) * DEFAULT_USER_PAGE_SIZE, page * DEFAULT_USER_PAGE_SIZE);

  const [editing, setEditing] = useState<{ team: TTeam | null } | null>(null);
  const [accountFor, setAccountFor] = useState<TTeam | null>(null);

  const remove = useMutation(
    trpc.team.remove.mutationOptions({
      onSuccess: () => {
        notifySuccess(t.teamDeleted);
        void queryClient.invalidateQueries({ queryKey: trpc.team.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.user.pathKey() });
      },
      onError: (error) => notifyError(t.teamDeleteError, error),
    }),
  );
  const confirmDelete = (team: TTeam) =>
    modals.openConfirmModal({
      title: t.deleteTeamTitle,
      children: <Text size="sm">{t.deleteTeamText(team.name)}</Text>,
      labels: { confirm: messages.agree, cancel: messages.cancel },
      confirmProps: { color: 'red' },
      radius: 'lg',
      onConfirm: () => remove.mutate({ _id: team._id }),
    });

  return (
    <>
      <Stack gap="lg" maw={1400}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Box>
            <Title order={1} fz={28}>
              {t.membersTitle}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t.membersHint}
              {teams.length > 0 && ` ${messages.teamsCount(teams.length)}.`}
            </Text>
          </Box>
          <Button leftSection={<PlusIcon />} onClick={() => setEditing({ team: null })}>
            {t.addTeam}
          </Button>
        </Group>

        {teamsQuery.isLoading ? (
          <Center h={240}>
            <Loader color="red" />
          </Center>
        ) : teams.length === 0 ? (
          <Card withBorder radius="lg" padding="xl">
            <Text c="dimmed" ta="center">
              {messages.noTeams}
            </Text>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {shown.map((team) => (
              <TeamCard
                key={team._id}
                team={team}
                onEdit={() => setEditing({ team })}
                onDelete={() => confirmDelete(team)}
                onCreateAccount={() => setAccountFor(team)}
              />
            ))}
          </SimpleGrid>
        )}

        {pageCount > 1 && (
          <Group justify="center">
            <Pagination total={pageCount} value={page} onChange={setPageNumber} radius="md" />
          </Group>
        )}
      </Stack>

      <TeamFormModal opened={editing !== null} team={editing?.team ?? null} onClose={() => setEditing(null)} />
      <UserFormModal
        opened={accountFor !== null}
        preset={accountFor ? { role: 'team', teamId: accountFor._id } : undefined}
        teams={teams}
        onClose={() => setAccountFor(null)}
      />
    </>
  );
}
