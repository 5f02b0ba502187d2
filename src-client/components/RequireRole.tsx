/**
 * Hides a screen from roles that cannot use it (the server enforces the same on every call).
 * Not logged in: to /login. Logged in with another role: a short explanation and a way home.
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { Role } from '../../src/constants';
import { appText } from '../../src/messages/app';
import { displayName } from '../../src/valueFormat';
import { useSystemState } from '../hooks/useSystemState';
import { ScreenNotice, SignedInActions } from './ScreenNotice';

export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user } = useSystemState();
  if (!user) return <Redirect to="/login" replace />;
  if (roles.includes(user.role)) return children;
  return (
    <ScreenNotice testId="no-access" title={appText.noAccess} hint={appText.noAccessHint} maw={480}>
      <Text size="sm">{appText.loggedInAs(displayName(user))}</Text>
      <SignedInActions user={user} />
    </ScreenNotice>
  );
}
