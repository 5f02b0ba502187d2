/** /: the event's front page for the hall: name, date, venue, rounds, teams, rules, and the way in. */
import {
  Accordion,
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
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ROLE_HOME, ROUND_TITLES } from '../../src/constants';
import { formatDate } from '../../src/format';
import { messages } from '../../src/messages';
import type { TRule } from '../../src/schemas/rules';
import type { TTeamListItem } from '../../src/schemas/system';
import { Brand } from '../components/Brand';
import { Markdown } from '../components/markdown/Markdown';
import { sortRules } from '../components/rules/sortRules';
import { initials, UserMenu } from '../components/UserMenu';
import { useSystemState } from '../hooks/useSystemState';
import { useTRPC } from '../trpc';

const ROUND_NUMBERS = [1, 2, 3, 4, 5, 6];

export default function HomePage() {
  const { user, system, listTeam } = useSystemState();
  const trpc = useTRPC();
  // Both are public; until they answer the page shows the app's name and the contract's round titles.
  const settings = useQuery(trpc.settings.get.queryOptions()).data?.settings;
  const rulesQuery = useQuery(trpc.rules.all.queryOptions());
  const rules = sortRules(rulesQuery.data?.items ?? []);
  const live = system.phase !== 'idle';
  const eventName = settings?.name || messages.appName;
  const eventDate = formatDate(settings?.date);
  const roundTitle = (n: number) => settings?.roundTitles[n] || ROUND_TITLES[n] || messages.roundLabel(n);
  return (
    <Box bg="gray.0" mih="100vh">
      <title>{eventName}</title>
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
          <Group gap="xl" wrap="nowrap" align="center" preventGrowOverflow={false}>
            <Image
              src={settings?.logoUrl || '/logo.svg'}
              fallbackSrc="/logo.svg"
              alt=""
              w={{ base: 88, md: 132 }}
              h={{ base: 88, md: 132 }}
              fit="contain"
              visibleFrom="xs"
              style={{ flex: 'none' }}
            />
            <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
              {live && (
                <Badge color="yellow" c="dark" size="lg" radius="sm" w="fit-content">
                  {messages.nowShowing}: {system.title}
                </Badge>
              )}
              <Title
                order={1}
                fz={{ base: 36, md: eventName.length > 20 ? 52 : 64 }}
                lh={1.08}
                fw={900}
                style={{ letterSpacing: '-0.01em', textWrap: 'balance' }}
                data-testid="event-name"
              >
                {eventName}
              </Title>
              <Text fz={{ base: 'lg', md: 22 }} opacity={0.92}>
                {messages.homeTagline}
              </Text>
              {(eventDate || settings?.venue) && (
                <Group gap="lg" mt={4} data-testid="event-when-where">
                  {eventDate && <Fact icon={<CalendarIcon />} label={messages.home.date} value={eventDate} />}
                  {settings?.venue && <Fact icon={<PinIcon />} label={messages.home.venue} value={settings.venue} />}
                </Group>
              )}
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
                <RoundCard key={n} n={n} title={roundTitle(n)} current={live && system.fw === n} />
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
            {rules.length === 0 ? <EmptyNote>{messages.noRules}</EmptyNote> : <RulesAccordion rules={rules} />}
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

/** A date or a place under the event's name. */
function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group gap={8} wrap="nowrap" aria-label={`${label}: ${value}`}>
      <Box c="yellow.3" style={{ display: 'flex', flex: 'none' }}>
        {icon}
      </Box>
      <Text fz={{ base: 'md', md: 18 }} fw={600}>
        {value}
      </Text>
    </Group>
  );
}

const iconProps = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

function CalendarIcon() {
  return (
    <svg {...iconProps}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 11h18" />
    </svg>
  );
}

function PinIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

/** The rules, the first one open; each rendered from its Markdown. */
function RulesAccordion({ rules }: { rules: TRule[] }) {
  return (
    <Accordion
      variant="separated"
      radius="lg"
      multiple
      defaultValue={rules[0] ? [rules[0]._id] : []}
      data-testid="home-rules"
      styles={{ item: { backgroundColor: 'white', borderColor: 'var(--mantine-color-gray-3)' }, label: { fontWeight: 700, fontSize: 18 } }}
    >
      {rules.map((rule) => (
        <Accordion.Item key={rule._id} value={rule._id}>
          <Accordion.Control>{rule.data.title}</Accordion.Control>
          <Accordion.Panel>
            <Markdown source={rule.data.content} c="gray.8" />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function RoundCard({ n, title, current }: { n: number; title: string; current: boolean }) {
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
            {title}
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
