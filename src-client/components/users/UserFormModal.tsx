/**
 * Create or edit a user in a modal. Validated with the server's own schemas (ZUserCreateSchema,
 * ZUserUpdateSchema); a field the server refuses is marked at that field. Also opened from a team's
 * card, preset with role team and that team.
 */
import { PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLES, type Role } from '../../../src/constants';
import { appText } from '../../../src/messages/app';
import { contractText } from '../../../src/messages/contract';
import { homePageText } from '../../../src/messages/home';
import { loginText } from '../../../src/messages/login';
import { usersText } from '../../../src/messages/users';
import { validationText } from '../../../src/messages/validation';
import type { TPublicUser } from '../../../src/schemas/auth';
import { ZUserCreateSchema, ZUserUpdateSchema } from '../../../src/schemas/user';
import { formatDate, parseDate } from '../../../src/valueFormat';
import { useTRPC } from '../../trpc';
import { FormActions, FormModal } from '../FormModal';
import { formSaveHandlers, zodFormErrors } from '../formSave';
import { PriorityInput, priorityValue } from '../PriorityInput';

const t = usersText;

export interface TeamOption {
  _id: string;
  name: string;
}

interface UserFormValues {
  username: string;
  fullName: string;
  password: string;
  email: string;
  mobile: string;
  /** As typed, dd/mm/yyyy; sent as an ISO date. */
  birthday: string;
  role: Role;
  teamId: string | null;
  priority: number | string;
  active: boolean;
}

export interface UserFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The user to edit; none to create one. */
  user?: TPublicUser | null;
  /** Starting values for a new user (a team's account: role team and its teamId). */
  preset?: { role: Role; teamId: string | null };
  teams: TeamOption[];
}

export function UserFormModal({ opened, onClose, user, preset, teams }: UserFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={user ? t.editUserTitle(user.username) : t.createUserTitle} size="lg">
      <UserForm user={user ?? null} preset={preset} teams={teams} onDone={onClose} />
    </FormModal>
  );
}

function initialValues(user: TPublicUser | null, preset: UserFormModalProps['preset']): UserFormValues {
  return {
    username: user?.username ?? '',
    fullName: user?.fullName ?? '',
    password: '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    birthday: user?.birthday ? formatDate(user.birthday) : '',
    role: user?.role ?? preset?.role ?? 'judge',
    teamId: user?.teamId ?? preset?.teamId ?? null,
    priority: user?.priority ?? '',
    active: user?.active ?? true,
  };
}

/** The values as the server takes them, or the errors that keep them from being sent. */
function toPayload(values: UserFormValues, creating: boolean) {
  const birthdayText = values.birthday.trim();
  const birthday = birthdayText ? (parseDate(birthdayText)?.isoDate ?? null) : '';
  const fields = {
    username: values.username,
    fullName: values.fullName,
    email: values.email,
    mobile: values.mobile,
    birthday: birthday ?? '',
    role: values.role,
    teamId: values.role === 'team' ? values.teamId : null,
    priority: priorityValue(values.priority),
    active: values.active,
  };
  const created = creating ? ZUserCreateSchema.shape.user.safeParse({ ...fields, password: values.password }) : null;
  const changed = creating ? null : ZUserUpdateSchema.shape.changes.safeParse(fields);
  const failure = created?.error ?? changed?.error;
  const errors: FormErrors = failure ? zodFormErrors(failure) : {};
  if (birthday === null) errors.birthday = validationText.invalidDate;
  const ok = !failure && birthday !== null;
  return { user: ok ? created?.data : undefined, changes: ok ? changed?.data : undefined, errors };
}

function UserForm({
  user,
  preset,
  teams,
  onDone,
}: {
  user: TPublicUser | null;
  preset: UserFormModalProps['preset'];
  teams: TeamOption[];
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const creating = !user;
  const form = useForm<UserFormValues>({
    initialValues: initialValues(user, preset),
    validate: (values) => toPayload(values, creating).errors,
  });

  const saved = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.user.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.team.pathKey() });
    onDone();
  };
  const create = useMutation(
    trpc.user.create.mutationOptions(formSaveHandlers(form, contractText.userCreated, contractText.userCreateError, saved)),
  );
  const update = useMutation(
    trpc.user.update.mutationOptions(formSaveHandlers(form, contractText.userUpdated, contractText.userUpdateError, saved)),
  );

  const submit = form.onSubmit((values) => {
    const payload = toPayload(values, creating);
    if (payload.user) create.mutate({ user: payload.user });
    else if (user && payload.changes) update.mutate({ _id: user._id, changes: payload.changes });
  });

  const teamData = teams.map((team) => ({ value: team._id, label: team.name }));
  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={loginText.username} required autoComplete="off" {...form.getInputProps('username')} />
          <TextInput label={t.fullName} required {...form.getInputProps('fullName')} />
          {creating && (
            <PasswordInput label={loginText.password} required autoComplete="new-password" {...form.getInputProps('password')} />
          )}
          <TextInput label={t.email} type="email" {...form.getInputProps('email')} />
          <TextInput label={t.mobile} inputMode="tel" placeholder="0912 345 678" {...form.getInputProps('mobile')} />
          <TextInput label={t.birthday} placeholder={t.birthdayPlaceholder} inputMode="numeric" {...form.getInputProps('birthday')} />
          <Select
            label={t.role}
            required
            allowDeselect={false}
            data={ROLES.map((role) => ({ value: role, label: appText.roleNames[role] }))}
            {...form.getInputProps('role')}
          />
          {form.values.role === 'team' && (
            <Select
              label={t.team}
              placeholder={t.pickTeam}
              data={teamData}
              searchable
              clearable
              nothingFoundMessage={homePageText.noTeams}
              {...form.getInputProps('teamId')}
            />
          )}
          <PriorityInput {...form.getInputProps('priority')} />
        </SimpleGrid>
        <Switch label={t.active} color="teal" {...form.getInputProps('active', { type: 'checkbox' })} />
        <FormActions onCancel={onDone} submitLabel={creating ? t.create : t.save} loading={create.isPending || update.isPending} mt="xs" />
      </Stack>
    </form>
  );
}
