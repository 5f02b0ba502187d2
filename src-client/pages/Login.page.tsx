/** /login: username and password; on success to the role's home, on failure a red toast with the server's reason. */
import { Alert, Anchor, Box, Button, Card, Center, Image, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ROLE_HOME } from '../../src/constants';
import { appText } from '../../src/messages/app';
import { contractText } from '../../src/messages/contract';
import { eventsText } from '../../src/messages/events';
import { loginText } from '../../src/messages/login';
import { displayName } from '../../src/valueFormat';
import { notifyError } from '../components/notify';
import { SignedInActions } from '../components/ScreenNotice';
import { eventSwitched, forgetEventSwitched } from '../hooks/eventSwitch';
import { DocumentTitle } from '../hooks/useDocumentTitle';
import { setCurrentUser, systemStateQuery, useSystemState } from '../hooks/useSystemState';
import { reconnectSocket, useTRPC } from '../trpc';

type FieldErrors = Partial<Record<'username' | 'password', string>>;

export default function LoginPage() {
  const { user } = useSystemState();
  return (
    <Box component="main" mih="100vh" style={{ background: 'linear-gradient(135deg, #fff5f5 0%, #fff4e6 50%, #ffffff 100%)' }}>
      <DocumentTitle title={`${loginText.login} · ${appText.appName}`} />
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Stack align="center" gap={6}>
            <Image src="/logo.svg" alt={appText.appName} w={88} h={88} />
            <Title order={1} fz={28} ta="center">
              {loginText.loginTitle}
            </Title>
            <Text c="dimmed" ta="center" size="sm">
              {loginText.loginHint}
            </Text>
          </Stack>
          <Card withBorder radius="lg" padding="xl" shadow="md">
            {user ? <AlreadyLoggedIn /> : <LoginForm />}
          </Card>
          <Anchor component={Link} href="/" ta="center" size="sm" c="dimmed">
            ← {appText.backHome}
          </Anchor>
        </Stack>
      </Center>
    </Box>
  );
}

function LoginForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [switched] = useState(eventSwitched);

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: ({ user }) => {
        forgetEventSwitched();
        setCurrentUser(queryClient, user);
        // The socket joins again with the new cookie; the state is re-read for this role.
        reconnectSocket();
        void queryClient.invalidateQueries({ queryKey: systemStateQuery.queryKey });
        navigate(ROLE_HOME[user.role]);
      },
      onError: (error) => {
        const field = error.data?.field;
        if (field === 'username' || field === 'password') setErrors({ [field]: error.message });
        notifyError(contractText.loginFailed, error);
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only the empty fields are checked here (zod stays out of this screen's download); the server
    // checks the rest with the login schema and names the field, which lands under it below.
    const next: FieldErrors = {};
    if (!username.trim()) next.username = loginText.usernameRequired;
    if (!password) next.password = loginText.passwordRequired;
    setErrors(next);
    if (next.username || next.password) return;
    login.mutate({ username: username.trim(), password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {switched && (
          <Alert color="orange" radius="md" role="status">
            {eventsText.signedOutBySwitch}
          </Alert>
        )}
        <TextInput
          label={loginText.username}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          autoFocus
          size="md"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
        />
        <PasswordInput
          label={loginText.password}
          name="password"
          autoComplete="current-password"
          size="md"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" size="md" color="red" fullWidth loading={login.isPending} mt="xs">
          {loginText.login}
        </Button>
      </Stack>
    </form>
  );
}

function AlreadyLoggedIn() {
  const { user } = useSystemState();
  if (!user) return null;
  return (
    <Stack gap="md" align="stretch">
      <Text fw={600}>{loginText.alreadyLoggedIn}</Text>
      <Text size="sm" c="dimmed">
        {appText.loggedInAs(displayName(user))} · {appText.roleNames[user.role]}
      </Text>
      <SignedInActions user={user} grow />
    </Stack>
  );
}
