/** The front page's banner: logo, what is on now, the event's name, slogan, date and venue, counts, the way in. */
import { Badge, Box, Button, Container, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ROLE_HOME } from '../../../src/constants';
import { appText } from '../../../src/messages/app';
import { homePageText, homeText } from '../../../src/messages/home';
import { loginText } from '../../../src/messages/login';
import type { TPublicUser } from '../../../src/schemas/auth';
import type { TSettings } from '../../../src/schemas/settings';
import { formatDate } from '../../../src/valueFormat';
import { CalendarIcon, PinIcon } from './icons';

export function Hero({
  user,
  settings,
  eventName,
  nowShowing,
  roundCount,
  teamCount,
}: {
  user: TPublicUser | null;
  /** Undefined until the settings answer. */
  settings: TSettings | undefined;
  eventName: string;
  /** The title of what is on stage, or null while the show is idle. */
  nowShowing: string | null;
  /** The rounds the event uses; null until the settings answer. */
  roundCount: number | null;
  teamCount: number;
}) {
  const eventDate = formatDate(settings?.date);
  return (
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
            {nowShowing !== null && (
              <Badge color="yellow.4" c="dark" size="lg" radius="sm" w="fit-content">
                {homePageText.nowShowing}: {nowShowing}
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
            {settings?.slogan && (
              <Text fz={{ base: 'lg', md: 22 }} opacity={0.92} data-testid="event-slogan">
                {settings.slogan}
              </Text>
            )}
            {(eventDate || settings?.venue) && (
              <Group gap="lg" mt={4} data-testid="event-when-where">
                {eventDate && <Fact icon={<CalendarIcon />} label={homeText.date} value={eventDate} />}
                {settings?.venue && <Fact icon={<PinIcon />} label={homeText.venue} value={settings.venue} />}
              </Group>
            )}
            <Group gap="xs" mt="xs">
              {roundCount !== null && (
                <Badge variant="white" color="red" size="lg" radius="sm">
                  {homePageText.roundsCount(roundCount)}
                </Badge>
              )}
              <Badge variant="white" color="red" size="lg" radius="sm">
                {homePageText.teamsCount(teamCount)}
              </Badge>
            </Group>
            <Group mt="md">
              {user ? (
                <Button component={Link} href={ROLE_HOME[user.role]} size="lg" color="yellow.4" c="dark">
                  {appText.goToMyScreen}
                </Button>
              ) : (
                <Button component={Link} href="/login" size="lg" color="yellow.4" c="dark">
                  {loginText.login}
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
      </Container>
    </Box>
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
