/** Sets a new password for a user (user.update with changes.password); their sessions end on the server. */
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { contractText } from '../../../src/messages/contract';
import { usersText } from '../../../src/messages/users';
import { validationText } from '../../../src/messages/validation';
import type { TPublicUser } from '../../../src/schemas/auth';
import { ZPassword } from '../../../src/schemas/common';
import { useTRPC } from '../../trpc';
import { notifyError, notifySuccess } from '../notify';

const t = usersText;

export function PasswordResetModal({ user, onClose }: { user: TPublicUser | null; onClose: () => void }) {
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? t.resetPasswordTitle(user.username) : ''}
      radius="lg"
      styles={{ title: { fontWeight: 800 } }}
    >
      {user && <PasswordResetForm user={user} onDone={onClose} />}
    </Modal>
  );
}

function PasswordResetForm({ user, onDone }: { user: TPublicUser; onDone: () => void }) {
  const trpc = useTRPC();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useMutation(
    trpc.user.update.mutationOptions({
      onSuccess: () => {
        notifySuccess(contractText.userUpdated);
        onDone();
      },
      onError: (failure) => {
        if (failure.data?.field === 'changes.password') setError(failure.message);
        notifyError(contractText.userUpdateError, failure);
      },
    }),
  );

  // Too many wrong passwords lock a username for a while; an admin can lift that at once.
  const unlock = useMutation(
    trpc.user.clearLockout.mutationOptions({
      onSuccess: () => notifySuccess(t.lockoutCleared),
      onError: (failure) => notifyError(t.lockoutClearError, failure),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZPassword.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? validationText.passwordTooShort);
      return;
    }
    update.mutate({ _id: user._id, changes: { password: parsed.data } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t.newPassword}
          required
          data-autofocus
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" onClick={() => unlock.mutate({ _id: user._id })} loading={unlock.isPending}>
            {t.clearLockout}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              {contractText.cancel}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t.save}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
