/**
 * (c) Who has not yet scored whom on an open field: a grid of ticks, the missing ones highlighted. A
 * judged round's sheet opens several criteria at once: each is picked in turn, open ones marked.
 */
import { Badge, Box, Group, Select, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { resultsText } from '../../../src/messages/results';
import { useLiveProgress } from '../../hooks/liveEvents';
import { useSystemState } from '../../hooks/useSystemState';
import { useTRPC } from '../../trpc';
import { DataTable } from '../DataTable';
import { DashboardSection } from '../dashboard/DashboardSection';
import { useResults } from './util';

const t = resultsText;

export function ScoringProgress() {
  const trpc = useTRPC();
  const { system } = useSystemState();
  const { data } = useResults();
  const progress = useLiveProgress();
  const judgeFields = (data?.fields ?? []).filter((f) => f.kind === 'judges');
  const [picked, setPicked] = useState<string | null>(null);
  const openField = system.openFields.find((name) => judgeFields.some((f) => f.fieldName === name)) ?? null;
  const fieldName = picked && judgeFields.some((f) => f.fieldName === picked) ? picked : openField;

  const query = useQuery(trpc.scoring.progress.queryOptions({ fieldName: fieldName ?? '' }, { enabled: Boolean(fieldName) }));
  const live = fieldName ? progress.get(fieldName) : undefined;
  const done = live ? live.done : (query.data?.done ?? []);
  const doneSet = new Set(done.map((d) => `${d.teamId}|${d.gkId}`));
  const teams = data?.items ?? [];
  const judges = data?.judges ?? [];
  const missing = fieldName
    ? teams.length * judges.length - teams.reduce((n, team) => n + judges.filter((j) => doneSet.has(`${team.teamId}|${j.gkId}`)).length, 0)
    : 0;
  const isOpen = fieldName !== null && system.openFields.includes(fieldName) && system.scoringOpen;

  return (
    <DashboardSection
      id="scoring-progress"
      title={t.progressTitle}
      description={t.progressHint}
      actions={
        <Select
          aria-label={t.progressField}
          placeholder={t.pickField}
          w={{ base: '100%', sm: 360 }}
          value={fieldName}
          onChange={setPicked}
          data={judgeFields.map((f) => ({
            value: f.fieldName,
            label: system.scoringOpen && system.openFields.includes(f.fieldName) ? t.openFieldOption(f.label) : f.label,
          }))}
          data-testid="progress-field"
        />
      }
    >
      {!fieldName ? (
        <Text c="dimmed">{judgeFields.length ? t.notOpen : t.noJudgeFields}</Text>
      ) : (
        <>
          <Group gap="sm" mb="sm">
            <Badge color={isOpen ? 'teal' : 'gray'} variant="light" tt="none" size="lg" radius="sm">
              {isOpen ? t.openNow : t.closedNow}
            </Badge>
            <Text fw={800} c={missing ? 'red.8' : 'teal.8'} data-testid="progress-missing-count">
              {missing ? t.missingCount(missing) : t.allDone}
            </Text>
          </Group>
          <DataTable
            minWidth={200 + judges.length * 110}
            verticalSpacing={6}
            withColumnBorders
            withTableBorder
            data-testid="progress-grid"
            head={
              <>
                <Table.Th>{t.team}</Table.Th>
                {judges.map((judge) => (
                  <Table.Th key={judge.gkId} ta="center">
                    <Text size="sm" fw={700} lh={1.25}>
                      {judge.name}
                    </Text>
                  </Table.Th>
                ))}
              </>
            }
          >
            {teams.map((team) => (
              <Table.Tr key={team.teamId} data-team={team.name}>
                <Table.Td fw={600}>{team.name}</Table.Td>
                {judges.map((judge) => {
                  const ok = doneSet.has(`${team.teamId}|${judge.gkId}`);
                  return (
                    <Table.Td
                      key={judge.gkId}
                      ta="center"
                      bg={ok ? undefined : 'red.0'}
                      data-testid="progress-cell"
                      data-done={ok}
                      data-judge={judge.name}
                      title={`${judge.name} · ${team.name}: ${ok ? t.done : t.notDone}`}
                    >
                      {ok ? (
                        <Text span c="teal.7" fw={900} aria-label={t.done}>
                          ✓
                        </Text>
                      ) : (
                        <Box component="span" c="red.7" fw={700} fz="xs">
                          {t.notDone}
                        </Box>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </DataTable>
        </>
      )}
    </DashboardSection>
  );
}
