/** The console's reference blocks: scoring per field, the live ranking, the judges, the shortcut legend. */
import { Badge, Button, Group, Kbd, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { formatPoint } from '../../../src/format';
import { messages } from '../../../src/messages';
import type { TScoreField } from '../../../src/schemas/scoreField';
import type { ShowState } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { Panel } from './Panel';
import type { ShowMoves } from './useShowMove';

const M = messages.masterConsole;

/** One field open at a time: opening another moves the judges' pads to it. */
export function ScoringPanel({ system, fields, moves }: { system: ShowState; fields: TScoreField[]; moves: ShowMoves }) {
  return (
    <Panel title={M.scoring}>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {M.noFields}
        </Text>
      ) : (
        <Stack gap={4}>
          {fields.map((field) => {
            const open = system.scoringOpen && system.activeField === field.name;
            return (
              <Group key={field.name} justify="space-between" wrap="nowrap" gap={6} data-testid="scoring-field" data-open={open}>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={open ? 700 : 500} lineClamp={1}>
                    {field.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {M.fieldKinds[field.kind]}
                  </Text>
                </div>
                <Group gap={6} wrap="nowrap">
                  {open && (
                    <Badge size="sm" color="teal" variant="dot">
                      {M.scoringOpenBadge}
                    </Badge>
                  )}
                  <Button
                    size="compact-xs"
                    color={open ? 'orange' : 'teal'}
                    variant={open ? 'filled' : 'light'}
                    onClick={() =>
                      moves.move(open ? { scoringOpen: false } : { activeField: field.name, scoringOpen: true })
                    }
                  >
                    {open ? M.closeScoring : M.openScoring}
                  </Button>
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
    </Panel>
  );
}

export function RankingPanel({ listTeam, activeTeamId }: { listTeam: TTeamListItem[]; activeTeamId: string | null }) {
  const ranked = [...listTeam].sort((a, b) => a.rank - b.rank || a.priority - b.priority);
  return (
    <Panel title={M.ranking}>
      {ranked.length === 0 ? (
        <Text size="sm" c="dimmed">
          {M.noTeams}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={230} type="auto">
          <Table verticalSpacing={3} horizontalSpacing={6}>
            <Table.Tbody>
              {ranked.map((team) => (
                <Table.Tr key={team._id} data-testid="master-ranking-row" bg={team._id === activeTeamId ? 'red.0' : undefined}>
                  <Table.Td w={34}>
                    <Text size="sm" c="dimmed" fw={700}>
                      {M.rankTotal(team.rank)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {team.name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatPoint(team.total)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Panel>
  );
}

export interface JudgeRow {
  _id: string;
  username: string;
  fullName: string;
}

/** Who judges tonight; the online state and progress arrive with the judges' pads (a later issue). */
export function JudgesPanel({ judges }: { judges: JudgeRow[] }) {
  return (
    <Panel title={M.judges}>
      {judges.length === 0 ? (
        <Text size="sm" c="dimmed">
          {M.noJudges}
        </Text>
      ) : (
        <Stack gap={2}>
          {judges.map((judge) => (
            <Group key={judge._id} justify="space-between" wrap="nowrap" data-testid="master-judge">
              <Text size="sm" lineClamp={1}>
                {judge.fullName || judge.username}
              </Text>
              <Text size="sm" c="dimmed" data-testid="judge-progress">
                {M.judgeProgress}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

export function ShortcutLegend() {
  return (
    <Panel title={M.shortcuts}>
      <Group gap={10} style={{ rowGap: 4 }}>
        {M.shortcutList.map(([key, label]) => (
          <Group key={key} gap={4} wrap="nowrap">
            <Kbd size="xs">{key}</Kbd>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
          </Group>
        ))}
      </Group>
    </Panel>
  );
}
