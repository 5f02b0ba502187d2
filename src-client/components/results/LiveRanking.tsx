/** (a) The live ranking: rank (shared ranks marked), team (marked 'chờ trưởng ban' while a judges' disagreement waits, the tie-break reason below an equal total), unit, each field's score and the total; export and print. */
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { juryText } from '../../../src/messages/jury';
import { resultsText } from '../../../src/messages/results';
import { compareStanding } from '../../../src/teamOrder';
import { formatPoint } from '../../../src/valueFormat';
import { useSystemState } from '../../hooks/useSystemState';
import { useTRPC } from '../../trpc';
import { DataTable, RECORD_LIST } from '../DataTable';
import { DashboardSection } from '../dashboard/DashboardSection';
import { rankLabel } from './util';

const t = resultsText;
const MEDALS: Record<number, string> = { 1: 'yellow', 2: 'gray', 3: 'orange' };

export function LiveRanking() {
  const trpc = useTRPC();
  const { listTeam } = useSystemState();
  const fields = useQuery(trpc.scoreField.all.queryOptions()).data?.items ?? [];
  const ranks = listTeam.map((team) => team.rank);
  const rows = [...listTeam].sort(compareStanding);

  return (
    <DashboardSection
      id="live-ranking"
      title={t.rankingTitle}
      description={t.rankingHint}
      actions={
        <Group gap="xs" wrap="wrap">
          <Button component="a" href="/api/results.xlsx" download variant="default" data-testid="export-xlsx">
            {t.exportXlsx}
          </Button>
          <Button component="a" href="/api/results.csv" download variant="default" data-testid="export-csv">
            {t.exportCsv}
          </Button>
          <Button component={Link} href="/user/dashboard?print=bien-ban" color="red" data-testid="print-record">
            {t.printRecord}
          </Button>
        </Group>
      }
    >
      <DataTable
        minWidth={720}
        {...RECORD_LIST}
        data-testid="ranking-table"
        head={
          <>
            <Table.Th w={110} style={{ whiteSpace: 'nowrap' }}>
              {t.rank}
            </Table.Th>
            <Table.Th>{t.team}</Table.Th>
            <Table.Th>{t.unit}</Table.Th>
            {fields.map((field) => (
              <Table.Th key={field._id} ta="right" title={field.label} maw={150} style={{ whiteSpace: 'normal' }}>
                <Text size="sm" fw={700} lh={1.25} lineClamp={2}>
                  {field.label}
                </Text>
              </Table.Th>
            ))}
            <Table.Th ta="right">{t.total}</Table.Th>
          </>
        }
        empty={rows.length === 0 && t.noTeams}
        columns={fields.length + 4}
      >
        {rows.map((team) => (
          <Table.Tr key={team._id} data-testid="ranking-row" data-team={team.name} data-rank={team.rank}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Badge
                size="lg"
                radius="sm"
                variant={MEDALS[team.rank] ? 'filled' : 'light'}
                color={MEDALS[team.rank] ?? 'gray'}
                tt="none"
                // "Đồng hạng 2" in full: the label's width counts, so the column grows to it rather than cut it.
                styles={{ label: { overflow: 'visible' } }}
                data-testid="ranking-rank"
              >
                {rankLabel(team.rank, ranks)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Text fw={700} size="sm">
                  {team.name}
                </Text>
                {team.awaitingHeadJudge && (
                  <Badge size="sm" color="orange" variant="light" tt="none" style={{ flex: 'none' }} data-testid="awaiting-head-judge">
                    {juryText.awaiting}
                  </Badge>
                )}
              </Group>
              {team.tieBreak && (
                <Text size="xs" c="dimmed" data-testid="ranking-tie-break">
                  {team.tieBreak}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {team.unit}
              </Text>
            </Table.Td>
            {fields.map((field) => {
              const score = team.fieldScores[field.name];
              return (
                <Table.Td key={field._id} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {score === null || score === undefined ? (
                    <Text span c="gray.5">
                      {t.missing}
                    </Text>
                  ) : (
                    formatPoint(score)
                  )}
                </Table.Td>
              );
            })}
            <Table.Td ta="right" fw={900} fz="lg" c="red.8" data-testid="ranking-total" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatPoint(team.total)}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </DashboardSection>
  );
}
