/**
 * /user/dashboard: the organisers' desk. Counts on top, then one section per job: the event's settings
 * and the scoring sheet here; the live ranking, judges' progress, audit log and exports come as
 * further sections below.
 */
import { Stack, Text, Title } from '@mantine/core';
import { messages } from '../../src/messages';
import { EventSettingsForm } from '../components/dashboard/EventSettingsForm';
import { ScoreSheet } from '../components/dashboard/ScoreSheet';
import { StatCards } from '../components/dashboard/StatCards';
import { useTRPC } from '../trpc';
import { useQuery } from '@tanstack/react-query';

export default function DashboardPage() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.settings.get.queryOptions()).data?.settings;
  return (
    <Stack gap="lg" maw={1320} data-testid="dashboard">
      <div>
        <Title order={2}>{messages.screenTitles.dashboard}</Title>
        <Text c="dimmed" size="sm">
          {settings?.name ?? '\u00a0'}
        </Text>
      </div>
      <StatCards />
      <EventSettingsForm />
      <ScoreSheet />
    </Stack>
  );
}
