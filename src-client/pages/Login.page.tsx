/** /login: username and password; on success to the role's home, on failure a red toast with the server's reason. */
import { Anchor, Box, Button, Card, Center, Image, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ROLE_HOME } from '../../src/constants';
import { messages } from '../../src/messages';
import { notifyError } from '../components/notify';
import { SignedInActions } from '../components/ScreenNotice';
import { displayName } from '../../src/format';
import { setCurrentUser, systemStateQuery, useSystemState } from '../hooks/useSystemState';
import { reconnectSocket, useTRPC } from '../trpc';

type FieldErrors = Partial<Record<'username' | 'password', string>>;

export default function LoginPage() {
  const { user } = useSystemState();
  return (
    <Box mih="100vh" style={{ background: 'linear-gradient(135deg, #fff5f5 0%, #fff4e6 50%, #ffffff 100%)' }}>
      <title>{`${messages.login} · ${messages.appName}`}</title>
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Stack align="center" gap={6}>
            <Image src="/logo.svg" alt={messages.appName} w={88} h={88} />
            <Title order={1} fz={28} ta="center">
              {messages.loginTitle}
            </Title>
            <Text c="dimmed" ta="center" size="sm">
              {messages.loginHint}
            </Text>
          </Stack>
          <Card withBorder radius="lg" padding="xl" shadow="md">
            {user ? <AlreadyLoggedIn /> : <LoginForm />}
          </Card>
          <Anchor component={Link} href="/" ta="center" size="sm" c="dimmed">
            ← {messages.backHome}
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

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: ({ user }) => {
        setCurrentUser(queryClient, user);
        // The socket joins again with the new cookie; the state is re-read for this role.
        reconnectSocket();
        void queryClient.invalidateQueries({ queryKey: systemStateQuery.queryKey });
        navigate(ROLE_HOME[user.role]);
      },
      onError: (error) => {
        const field = error.data?.field;
        if (field === 'username' || field === 'password') setErrors({ [field]: error.message });
        notifyError(messages.loginFailed, error);
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only the empty fields are checked here (zod stays out of this screen's download); the server
    // checks the rest with the login schema and names the field, which lands under it below.
    const next: FieldErrors = {};
    if (!username.trim()) next.username = messages.usernameRequired;
    if (!password) next.password = messages.passwordRequired;
    setErrors(next);
    if (next.username || next.password) return;
    login.mutate({ username: username.trim(), password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={messages.username}
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
          label={messages.password}
          name="password"
          autoComplete="current-password"
          size="md"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" size="md" color="red" fullWidth loading={login.isPending} mt="xs">
          {messages.login}
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
      <Text fw={600}>{messages.alreadyLoggedIn}</Text>
      <Text size="sm" c="dimmed">
        {messages.loggedInAs(displayName(user))} · {messages.roleNames[user.role]}
      </Text>
      <SignedInActions user={user} grow />
    </Stack>
  );
}
