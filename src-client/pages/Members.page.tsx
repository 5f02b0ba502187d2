/**
 * /user/member: the teams as cards, 21 a page (the contract's user page size), with their members and
 * accounts; create, edit, delete, and a team account preset with that team.
 */
import { Button, Group, Pagination, SimpleGrid } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_USER_PAGE_SIZE } from '../../src/constants';
import { homePageText } from '../../src/messages/home';
import { membersText } from '../../src/messages/members';
import type { TTeam } from '../../src/schemas/team';
import { AdminList, AdminPage } from '../components/AdminPage';
import { confirmDanger } from '../components/confirmDanger';
import { TeamCard } from '../components/members/TeamCard';
import { TeamFormModal } from '../components/members/TeamFormModal';
import { mutationToasts } from '../components/notify';
import { PlusIcon } from '../components/users/icons';
import { UserFormModal } from '../components/users/UserFormModal';
import { useLoadError } from '../hooks/useConnection';
import { useTRPC } from '../trpc';

const t = membersText;

export default function MembersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const teamsQuery = useQuery(trpc.team.all.queryOptions());
  useLoadError(t.teamListError, teamsQuery.error);
  const teams = teamsQuery.data?.items ?? [];

  const [pageNumber, setPageNumber] = useState(1);
  const pageCount = Math.max(1, Math.ceil(teams.length / DEFAULT_USER_PAGE_SIZE));
  const page = Math.min(pageNumber, pageCount);
  const shown = teams.slice((page - 1) * DEFAULT_USER_PAGE_SIZE, page * DEFAULT_USER_PAGE_SIZE);

  const [editing, setEditing] = useState<{ team: TTeam | null } | null>(null);
  const [accountFor, setAccountFor] = useState<TTeam | null>(null);

  const remove = useMutation(
    trpc.team.remove.mutationOptions(
      mutationToasts(t.teamDeleted, t.teamDeleteError, () => {
        void queryClient.invalidateQueries({ queryKey: trpc.team.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.user.pathKey() });
      }),
    ),
  );
  const confirmDelete = (team: TTeam) =>
    confirmDanger({
      title: t.deleteTeamTitle,
      text: t.deleteTeamText(team.name),
      radius: 'lg',
      onConfirm: () => remove.mutate({ _id: team._id }),
    });

  return (
    <>
      <AdminPage
        title={t.membersTitle}
        hint={
          <>
            {t.membersHint}
            {teams.length > 0 && ` ${homePageText.teamsCount(teams.length)}.`}
          </>
        }
        actions={
          <Button leftSection={<PlusIcon />} onClick={() => setEditing({ team: null })}>
            {t.addTeam}
          </Button>
        }
        maw={1400}
      >
        <AdminList loading={teamsQuery.isLoading} empty={teams.length === 0} emptyText={homePageText.noTeams}>
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
        </AdminList>

        {pageCount > 1 && (
          <Group justify="center">
            <Pagination total={pageCount} value={page} onChange={setPageNumber} radius="md" />
          </Group>
        )}
      </AdminPage>

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
