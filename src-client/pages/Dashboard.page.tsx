/**
 * /user/dashboard: the organisers' desk. Counts on top, then one section per job: the event's settings
 * and the scoring sheet, then the judging sections: live ranking with exports, judges' progress, each
 * judge's points, corrections, the audit log and the reset, and the head judge's board. `?print=bien-ban` shows the official record.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { appText } from '../../src/messages/app';
import { EventSettingsForm } from '../components/dashboard/EventSettingsForm';
import { RefusalsPanel } from '../components/dashboard/RefusalsPanel';
import { ScoreSheet } from '../components/dashboard/ScoreSheet';
import { StatCards } from '../components/dashboard/StatCards';
import { TieBreakEditor } from '../components/dashboard/TieBreakEditor';
import { JuryBoardSection } from '../components/jury/JuryBoard';
import { BienBan } from '../components/results/BienBan';
import { ResultsSections, useResultsRefresh } from '../components/results/ResultsSections';
import { useTRPC } from '../trpc';

function PrintRecord() {
  useResultsRefresh();
  return <BienBan />;
}

export default function DashboardPage() {
  const print = new URLSearchParams(useSearch()).get('print');
  if (print === 'bien-ban') return <PrintRecord />;
  return <DashboardDesk />;
}

function DashboardDesk() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.settings.get.queryOptions()).data?.settings;
  return (
    <Stack gap="lg" maw={1320} data-testid="dashboard">
      <div>
        <Title order={1} size="h2">
          {appText.screenTitles.dashboard}
        </Title>
        <Text c="dimmed" size="sm">
          {settings?.name ?? '\u00a0'}
        </Text>
      </div>
      <StatCards />
      <EventSettingsForm />
      <ScoreSheet />
      <TieBreakEditor />
      <ResultsSections />
      <JuryBoardSection />
      <RefusalsPanel />
    </Stack>
  );
}
