/** /: the event's front page for the hall: name, rounds, teams, rules, and the way in. */
import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ROLE_HOME, ROUND_TITLES } from '../../src/constants';
import { messages } from '../../src/messages';
import type { TTeamListItem } from '../../src/schemas/system';
import { Brand } from '../components/Brand';
import { initials, UserMenu } from '../components/UserMenu';
import { useSystemState } from '../hooks/useSystemState';

const ROUND_NUMBERS = [1, 2, 3, 4, 5, 6];

function roundTitle(n: number): string {
  return ROUND_TITLES[n] ?? messages.roundLabel(n);
}

export default function HomePage() {
  const { user, system, listTeam } = useSystemState();
  const live = system.phase !== 'idle';
  return (
    <Box bg="gray.0" mih="100vh">
      <title>{messages.appName}</title>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand />
            <Group gap="sm" wrap="nowrap">
              {user && (
                <Button component={Link} href={ROLE_HOME[user.role]} color="red" variant="light" visibleFrom="xs">
                  {messages.goToMyScreen}
                </Button>
              )}
              <UserMenu compact />
            </Group>
          </Group>
        </Container>
      </Box>

      <Box
        component="section"
        c="white"
        py={{ base: 48, md: 72 }}
        style={{ background: 'linear-gradient(120deg, #a61e1e 0%, #c92a2a 45%, #e8590c 100%)' }}
      >
        <Container size="lg">
          <Group gap="xl" wrap="nowrap" align="center">
            <Image src="/logo.svg" alt="" w={{ base: 88, md: 132 }} h={{ base: 88, md: 132 }} visibleFrom="xs" />
            <Stack gap="sm">
              {live && (
                <Badge color="yellow" c="dark" size="lg" radius="sm" w="fit-content">
                  {messages.nowShowing}: {system.title}
                </Badge>
              )}
              <Title order={1} fz={{ base: 40, md: 64 }} lh={1.05} fw={900} style={{ letterSpacing: '-0.01em' }}>
                {messages.appName}
              </Title>
              <Text fz={{ base: 'lg', md: 22 }} opacity={0.92}>
                {messages.homeTagline}
              </Text>
              <Group gap="xs" mt="xs">
                <Badge variant="white" color="red" size="lg" radius="sm">
                  {messages.roundsCount(ROUND_NUMBERS.length)}
                </Badge>
                <Badge variant="white" color="red" size="lg" radius="sm">
                  {messages.teamsCount(listTeam.length)}
                </Badge>
              </Group>
              <Group mt="md">
                {user ? (
                  <Button component={Link} href={ROLE_HOME[user.role]} size="lg" color="yellow" c="dark">
                    {messages.goToMyScreen}
                  </Button>
                ) : (
                  <Button component={Link} href="/login" size="lg" color="yellow" c="dark">
                    {messages.login}
                  </Button>
                )}
              </Group>
            </Stack>
          </Group>
        </Container>
      </Box>

      <Container size="lg" py={48}>
        <Stack gap={56}>
          <Section title={messages.rounds}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
              {ROUND_NUMBERS.map((n) => (
                <RoundCard key={n} n={n} current={live && system.fw === n} />
              ))}
            </SimpleGrid>
          </Section>

          <Section title={messages.teams}>
            {listTeam.length === 0 ? (
              <EmptyNote>{messages.noTeams}</EmptyNote>
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
                {listTeam.map((team) => (
                  <TeamCard key={team._id} team={team} />
                ))}
              </SimpleGrid>
            )}
          </Section>

          <Section title={messages.rules}>
            <EmptyNote>{messages.noRules}</EmptyNote>
          </Section>
        </Stack>
      </Container>

      <Box component="footer" bg="white" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {messages.organiser}
            </Text>
            <Group gap="md">
              <Text size="sm" c="dimmed">
                {messages.projectorScreens}:
              </Text>
              <Anchor component={Link} href="/screen" size="sm" c="red.8">
                {messages.screenTitles.screen}
              </Anchor>
              <Anchor component={Link} href="/screen2" size="sm" c="red.8">
                {messages.screenTitles.screen2}
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Group gap="sm" mb="lg">
        <Box w={6} h={28} bg="red.7" style={{ borderRadius: 3 }} />
        <Title order={2} fz={28}>
          {title}
        </Title>
      </Group>
      {children}
    </Box>
  );
}

function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="xl" bg="white">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Card>
  );
}

function RoundCard({ n, current }: { n: number; current: boolean }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow={current ? 'md' : 'xs'}
      style={current ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 } : undefined}
    >
      <Group gap="md" wrap="nowrap" align="center">
        <ThemeIcon size={56} radius="xl" variant="gradient" gradient={{ from: 'red.8', to: 'orange.6', deg: 135 }}>
          <Text fz={26} fw={900} c="white">
            {n}
          </Text>
        </ThemeIcon>
        <Stack gap={2}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {messages.roundLabel(n)}
          </Text>
          <Text fw={800} fz="lg" lh={1.25}>
            {roundTitle(n)}
          </Text>
          {current && (
            <Badge color="red" size="sm" variant="light" mt={4}>
              {messages.nowShowing}
            </Badge>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

function TeamCard({ team }: { team: TTeamListItem }) {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <Group gap="md" wrap="nowrap">
        <Avatar src={team.logoUrl || null} size={52} radius="xl" color="red" variant="light">
          {initials(team.name)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} lineClamp={2}>
            {team.name}
          </Text>
          {team.unit && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {team.unit}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
