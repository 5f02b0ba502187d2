/**
 * /user: the user table, paged (settings kept under `adminUser`), searched without diacritics on the
 * server, filtered by role and state; create, edit, password reset and delete with the contract's toasts.
 */
import { Button, Center, Group, Loader, Pagination, Paper, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { DELETE_USER_ALERT_MS, ROLES } from '../../src/constants';
import { appText } from '../../src/messages/app';
import { contractText } from '../../src/messages/contract';
import { usersText } from '../../src/messages/users';
import type { TPublicUser } from '../../src/schemas/auth';
import { AdminPage } from '../components/AdminPage';
import { confirmDanger } from '../components/confirmDanger';
import { HallAddressNote } from '../components/judgeLinks/HallAddressNote';
import { JudgeQrCards } from '../components/judgeLinks/JudgeQrCards';
import { mutationToasts } from '../components/notify';
import { PlusIcon, SearchIcon } from '../components/users/icons';
import { JudgePanelCard } from '../components/users/JudgePanelCard';
import { PasswordResetModal } from '../components/users/PasswordResetModal';
import { UserFormModal } from '../components/users/UserFormModal';
import { UserTable } from '../components/users/UserTable';
import { usePagingSettings } from '../components/users/usePagingSettings';
import { useLoadError } from '../hooks/useConnection';
import { useTRPC } from '../trpc';

const t = usersText;
const PAGE_SIZES = [10, 20, 50, 100];
const SEARCH_DEBOUNCE_MS = 300;

export default function UsersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { settings, setPageNumber, setPageSize, setCondition } = usePagingSettings();
  const { pageNumber, pageSize, condition } = settings;

  const [searchText, setSearchText] = useState(condition.search ?? '');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (search !== (condition.search ?? '')) setCondition({ search: search || undefined });
  }, [search, condition.search, setCondition]);

  const pageQuery = useQuery(trpc.user.page.queryOptions({ pageNumber, pageSize, condition }, { placeholderData: keepPreviousData }));
  const teamsQuery = useQuery(trpc.team.all.queryOptions());
  useLoadError(contractText.userListError, pageQuery.error);

  const page = pageQuery.data?.page;
  const total = page?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // After a delete or a narrower filter the stored page may lie past the end.
  useEffect(() => {
    if (page && pageNumber > pageCount) setPageNumber(pageCount);
  }, [page, pageNumber, pageCount, setPageNumber]);

  const teams = useMemo(() => teamsQuery.data?.items ?? [], [teamsQuery.data]);
  const teamNames = useMemo(() => new Map(teams.map((team) => [team._id, team.name])), [teams]);

  const [editing, setEditing] = useState<{ user: TPublicUser | null } | null>(null);
  const [resetting, setResetting] = useState<TPublicUser | null>(null);

  const remove = useMutation(
    trpc.user.remove.mutationOptions(
      mutationToasts(
        contractText.userDeleted,
        contractText.userDeleteError,
        () => {
          void queryClient.invalidateQueries({ queryKey: trpc.user.pathKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.team.pathKey() });
        },
        DELETE_USER_ALERT_MS,
      ),
    ),
  );
  const confirmDelete = (user: TPublicUser) =>
    confirmDanger({
      title: t.deleteUserTitle,
      text: t.deleteUserText(user.fullName || user.username, user.username),
      radius: 'lg',
      onConfirm: () => remove.mutate({ _id: user._id }),
    });

  const from = total === 0 ? 0 : (pageNumber - 1) * pageSize + 1;
  const to = Math.min(total, pageNumber * pageSize);

  return (
    <>
      <AdminPage
        title={t.usersTitle}
        hint={t.usersHint}
        actions={
          <Group gap="sm">
            <JudgeQrCards />
            <Button leftSection={<PlusIcon />} onClick={() => setEditing({ user: null })}>
              {t.addUser}
            </Button>
          </Group>
        }
        maw={1400}
      >
        <HallAddressNote />
        <JudgePanelCard />
        <Paper withBorder radius="lg" p="md">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              aria-label={t.searchUsers}
              placeholder={t.searchUsers}
              leftSection={<SearchIcon size={16} />}
              value={searchText}
              onChange={(event) => setSearchText(event.currentTarget.value)}
              style={{ flex: '1 1 280px' }}
              data-testid="user-search"
            />
            <Select
              aria-label={t.role}
              w={180}
              allowDeselect={false}
              value={condition.role ?? ''}
              onChange={(value) => setCondition({ role: (value || undefined) as (typeof ROLES)[number] | undefined })}
              data={[{ value: '', label: t.allRoles }, ...ROLES.map((role) => ({ value: role, label: appText.roleNames[role] }))]}
              data-testid="user-role-filter"
            />
            <Select
              aria-label={t.colActive}
              w={180}
              allowDeselect={false}
              value={condition.active === true ? 'true' : condition.active === false ? 'false' : ''}
              onChange={(value) => setCondition({ active: value === 'true' ? true : value === 'false' ? false : undefined })}
              data={[
                { value: '', label: t.allStates },
                { value: 'true', label: t.activeState },
                { value: 'false', label: t.inactiveState },
              ]}
              data-testid="user-active-filter"
            />
            <Select
              aria-label={t.pageSizeLabel}
              w={130}
              allowDeselect={false}
              value={String(pageSize)}
              onChange={(value) => value && setPageSize(Number(value))}
              data={(PAGE_SIZES.includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b)).map((n) => ({
                value: String(n),
                label: t.pageSizeOption(n),
              }))}
              data-testid="user-page-size"
            />
          </Group>
        </Paper>

        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          {!page ? (
            <Center h={240}>{pageQuery.isLoading ? <Loader color="red" /> : <Text c="dimmed">{t.noUsers}</Text>}</Center>
          ) : page.list.length === 0 ? (
            <Center h={160}>
              <Text c="dimmed">{t.noUsers}</Text>
            </Center>
          ) : (
            <UserTable
              users={page.list}
              teamNames={teamNames}
              actions={{
                onEdit: (user) => setEditing({ user }),
                onResetPassword: setResetting,
                onDelete: confirmDelete,
              }}
            />
          )}
        </Paper>

        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" data-testid="user-total">
            {t.pageTotal(from, to, total)}
          </Text>
          <Pagination total={pageCount} value={Math.min(pageNumber, pageCount)} onChange={setPageNumber} radius="md" />
        </Group>
      </AdminPage>

      <UserFormModal opened={editing !== null} user={editing?.user ?? null} teams={teams} onClose={() => setEditing(null)} />
      <PasswordResetModal user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
