/** Create or edit a team in a modal: name, unit, logo, priority, active, and its members as an editable list. */
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { contractText } from '../../../src/messages/contract';
import { membersText } from '../../../src/messages/members';
import { usersText } from '../../../src/messages/users';
import { type TTeam, ZTeamDataSchema } from '../../../src/schemas/team';
import { useTRPC } from '../../trpc';
import { FormActions, FormModal } from '../FormModal';
import { formSaveHandlers, zodFormErrors } from '../formSave';
import { PriorityInput, priorityValue } from '../PriorityInput';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, XIcon } from '../users/icons';

const t = membersText;

type TeamFormValues = {
  name: string;
  unit: string;
  logoUrl: string;
  priority: number | string;
  active: boolean;
  members: { fullName: string; note: string }[];
};

export function TeamFormModal({ team, opened, onClose }: { team: TTeam | null; opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={team ? t.editTeamTitle(team.name) : t.createTeamTitle} size="xl">
      <TeamForm team={team} onDone={onClose} />
    </FormModal>
  );
}

function toData(values: TeamFormValues) {
  return ZTeamDataSchema.safeParse({ ...values, priority: priorityValue(values.priority) });
}

function TeamForm({ team, onDone }: { team: TTeam | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<TeamFormValues>({
    initialValues: {
      name: team?.name ?? '',
      unit: team?.unit ?? '',
      logoUrl: team?.logoUrl ?? '',
      priority: team?.priority ?? '',
      active: team?.active ?? true,
      members: team?.members.map((m) => ({ ...m })) ?? [{ fullName: '', note: '' }],
    },
    validate: (values) => {
      const parsed = toData(values);
      return parsed.success ? {} : zodFormErrors(parsed.error);
    },
  });

  const saved = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.team.pathKey() });
    onDone();
  };
  const create = useMutation(trpc.team.create.mutationOptions(formSaveHandlers(form, contractText.created, t.teamCreateError, saved)));
  const update = useMutation(
    trpc.team.update.mutationOptions(formSaveHandlers(form, contractText.infoUpdated, contractText.teamUpdateError, saved)),
  );

  const submit = form.onSubmit((values) => {
    const parsed = toData(values);
    if (!parsed.success) return;
    if (team) update.mutate({ _id: team._id, changes: parsed.data });
    else create.mutate({ data: parsed.data });
  });

  const members = form.values.members;
  return (
    <form onSubmit={submit} noValidate data-testid="team-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t.teamName} required {...form.getInputProps('name')} />
          <TextInput label={t.teamUnit} {...form.getInputProps('unit')} />
          <TextInput label={t.teamLogoUrl} description={t.teamLogoHint} {...form.getInputProps('logoUrl')} />
          <PriorityInput {...form.getInputProps('priority')} />
        </SimpleGrid>
        <Switch label={usersText.active} color="teal" {...form.getInputProps('active', { type: 'checkbox' })} />

        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Group justify="space-between" mb="sm">
            <Text fw={700}>{t.teamMembers}</Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<PlusIcon size={14} />}
              onClick={() => form.insertListItem('members', { fullName: '', note: '' })}
            >
              {t.addMember}
            </Button>
          </Group>
          {typeof form.errors.members === 'string' && (
            <Text c="red" size="sm" mb="xs">
              {form.errors.members}
            </Text>
          )}
          <Stack gap="xs">
            {members.length === 0 && (
              <Text size="sm" c="dimmed">
                {t.noMembers}
              </Text>
            )}
            {members.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the form edits members by position (Mantine form paths are indexes)
              <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid="member-row">
                <Text size="sm" c="dimmed" w={22} ta="right" pt={8}>
                  {index + 1}.
                </Text>
                <TextInput
                  aria-label={`${t.memberFullName} ${index + 1}`}
                  placeholder={t.memberFullName}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`members.${index}.fullName`)}
                />
                <TextInput
                  aria-label={`${t.memberNote} ${index + 1}`}
                  placeholder={t.memberNote}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`members.${index}.note`)}
                />
                <Group gap={2} wrap="nowrap" pt={2}>
                  <MemberAction
                    label={t.moveUp}
                    disabled={index === 0}
                    onClick={() => form.reorderListItem('members', { from: index, to: index - 1 })}
                  >
                    <ArrowUpIcon size={16} />
                  </MemberAction>
                  <MemberAction
                    label={t.moveDown}
                    disabled={index === members.length - 1}
                    onClick={() => form.reorderListItem('members', { from: index, to: index + 1 })}
                  >
                    <ArrowDownIcon size={16} />
                  </MemberAction>
                  <MemberAction label={t.removeMember} color="red" onClick={() => form.removeListItem('members', index)}>
                    <XIcon size={16} />
                  </MemberAction>
                </Group>
              </Group>
            ))}
          </Stack>
        </Paper>

        <FormActions
          onCancel={onDone}
          submitLabel={team ? usersText.save : usersText.create}
          loading={create.isPending || update.isPending}
        />
      </Stack>
    </form>
  );
}

function MemberAction({
  label,
  onClick,
  disabled = false,
  color = 'gray',
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon variant="subtle" color={color} size="lg" aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
