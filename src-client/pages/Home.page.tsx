/** /: the event's front page for the hall: name, date, venue, rounds, teams, rules, and the way in. */
import { Box, Button, Container, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { appText } from '../../src/messages/app';
import { homePageText } from '../../src/messages/home';
import { roundsUsed } from '../../src/rounds';
import { Hero } from '../components/home/Hero';
import { HomeFooter } from '../components/home/HomeFooter';
import { HomeHeader } from '../components/home/HomeHeader';
import { Rounds } from '../components/home/Rounds';
import { Rules } from '../components/home/Rules';
import { Section } from '../components/home/Section';
import { Teams } from '../components/home/Teams';
import { sortRules } from '../components/rules/sortRules';
import { useLiveEvent } from '../hooks/liveEvents';
import { DocumentTitle } from '../hooks/useDocumentTitle';
import { useSystemState } from '../hooks/useSystemState';
import { useTRPC } from '../trpc';

export default function HomePage() {
  const { user, system, listTeam } = useSystemState();
  const trpc = useTRPC();
  // Both are public; until they answer the page shows the app's name and no rounds.
  const settings = useQuery(trpc.settings.get.queryOptions()).data?.settings;
  const rulesQuery = useQuery(trpc.rules.all.queryOptions());
  const rules = sortRules(rulesQuery.data?.items ?? []);
  const live = system.phase !== 'idle';
  // A vote opened while this page was up: / now answers the ballot, loaded whole (ballot.html).
  const voteOpen = useLiveEvent('vote')?.vote?.open === true;
  const eventName = settings?.name || appText.appName;
  // The rounds this event uses: those with a title (a round with an empty one is not in the event).
  const rounds = settings ? roundsUsed(settings.roundTitles) : [];
  const roundTitle = (n: number) => settings?.roundTitles[n] ?? '';
  return (
    <Box bg="gray.0" mih="100vh">
      <DocumentTitle title={eventName} />
      <HomeHeader user={user} />
      <main>
        {voteOpen && (
          <Box bg="yellow.1" py="md">
            <Container size="lg">
              <Button
                component="a"
                href="/"
                size="lg"
                fullWidth
                h="auto"
                py="sm"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                data-testid="home-vote-link"
                onClick={(event) => {
                  event.preventDefault();
                  window.location.assign('/');
                }}
              >
                {homePageText.voteOpen}
              </Button>
            </Container>
          </Box>
        )}
        <Hero
          user={user}
          settings={settings}
          eventName={eventName}
          nowShowing={live ? system.title : null}
          roundCount={settings ? rounds.length : null}
          teamCount={listTeam.length}
        />
        <Container size="lg" py={48}>
          <Stack gap={56}>
            <Section title={homePageText.rounds}>
              <Rounds rounds={rounds} titleOf={roundTitle} current={live ? system.fw : null} />
            </Section>
            <Section title={homePageText.teams}>
              <Teams teams={listTeam} />
            </Section>
            <Section title={homePageText.rules}>
              <Rules rules={rules} />
            </Section>
          </Stack>
        </Container>
      </main>
      <HomeFooter />
    </Box>
  );
}
