/** The console's reference blocks: scoring per field, the live ranking, the judges, the shortcut legend. */
import { Badge, Box, Button, Group, Kbd, ScrollArea, Stack, Switch, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPoint } from '../../../src/format';
import { masterText } from '../../../src/messages/master';
import { compareStanding } from '../../../src/scoring';
import type { TScoreField } from '../../../src/schemas/scoreField';
import type { ShowState } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { useLiveEvent } from '../../hooks/liveEvents';
import { useTRPC } from '../../trpc';
import { Panel } from './Panel';
import { setSingleKeyShortcuts, useSingleKeyShortcuts } from './useMasterShortcuts';
import type { ShowMoves } from './useShowMove';

const M = masterText;

/** One field open at a time: opening another moves the judges' pads to it. */
export function ScoringPanel({ system, fields, moves }: { system: ShowState; fields: TScoreField[]; moves: ShowMoves }) {
  // In a judged round the round's own fields come first, marked: the judges score those.
  const ofRound = (field: TScoreField) => field.round === system.fw;
  const shown = system.format === 'judged' ? [...fields.filter(ofRound), ...fields.filter((f) => !ofRound(f))] : fields;
  return (
    <Panel title={M.scoring} empty={fields.length === 0 && M.noFields}>
      <Stack gap={4}>
        {shown.map((field) => {
          const open = system.scoringOpen && system.activeField === field.name;
          return (
            <Group key={field.name} justify="space-between" wrap="nowrap" gap={6} data-testid="scoring-field" data-open={open}>
              {/* The label wraps and the open badge sits under it: nothing of either is cut, even at 1920 px. */}
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={open ? 700 : 500} style={{ overflowWrap: 'anywhere' }} data-testid="scoring-field-label">
                  {field.label}
                </Text>
                <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
                  <Text size="xs" c="dimmed">
                    {M.fieldKinds[field.kind]}
                  </Text>
                  {ofRound(field) && (
                    <Badge size="sm" color="red" variant="light" style={{ flexShrink: 0 }} data-testid="scoring-round-badge">
                      {M.thisRound}
                    </Badge>
                  )}
                  {open && (
                    <Badge size="sm" color="teal" variant="dot" style={{ flexShrink: 0 }} data-testid="scoring-open-badge">
                      {M.scoringOpenBadge}
                    </Badge>
                  )}
                </Group>
              </div>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                <Button
                  size="compact-xs"
                  color={open ? 'orange' : 'teal'}
                  variant={open ? 'filled' : 'light'}
                  onClick={() => moves.move(open ? { scoringOpen: false } : { activeField: field.name, scoringOpen: true })}
                >
                  {open ? M.closeScoring : M.openScoring}
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Panel>
  );
}

export function RankingPanel({ listTeam, activeTeamId }: { listTeam: TTeamListItem[]; activeTeamId: string | null }) {
  const ranked = [...listTeam].sort(compareStanding);
  return (
    <Panel title={M.ranking} empty={ranked.length === 0 && M.noTeams}>
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
    </Panel>
  );
}

export interface JudgeRow {
  _id: string;
  username: string;
  fullName: string;
}

/** Who judges tonight: online now (a pad open), and how many teams each has scored on the open field. */
export function JudgesPanel({ judges, system, teamCount }: { judges: JudgeRow[]; system: ShowState; teamCount: number }) {
  const trpc = useTRPC();
  const initialPresence = useQuery(trpc.show.presence.queryOptions()).data?.judges;
  const presence = useLiveEvent('presence')?.judges ?? initialPresence ?? [];
  const progress = useLiveEvent('progress');
  const field = system.activeField;
  const done = progress && field && progress.fieldName === field ? progress.done : [];
  return (
    <Panel title={M.judges} empty={judges.length === 0 && M.noJudges}>
      <Stack gap={2}>
        {judges.map((judge) => {
          const online = presence.includes(judge._id);
          const scored = done.filter((d) => d.gkId === judge._id).length;
          return (
            <Group key={judge._id} justify="space-between" wrap="nowrap" data-testid="master-judge">
              <Group gap={6} wrap="nowrap">
                <Box
                  w={8}
                  h={8}
                  style={{ borderRadius: '50%', flex: 'none' }}
                  bg={online ? 'teal.6' : 'gray.4'}
                  title={online ? M.judgeOnline : M.judgeOffline}
                  data-online={online || undefined}
                />
                <Text size="sm" lineClamp={1}>
                  {judge.fullName || judge.username}
                </Text>
              </Group>
              <Text size="sm" c={field && scored >= teamCount ? 'teal' : 'dimmed'} data-testid="judge-progress">
                {field ? M.judgeScored(scored, teamCount) : M.judgeProgress}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Panel>
  );
}

/** The keys, true to what they do now: with the single keys off, only Ctrl+Z is left. */
export function ShortcutLegend() {
  const singleKeys = useSingleKeyShortcuts();
  const list = singleKeys ? [...M.shortcutList, M.ctrlUndo] : [M.ctrlUndo];
  return (
    <Panel title={M.shortcuts} testId="shortcut-legend">
      <Stack gap={8}>
        <Switch
          size="sm"
          checked={singleKeys}
          onChange={(event) => setSingleKeyShortcuts(event.currentTarget.checked)}
          label={M.singleKeys}
          description={M.singleKeysHint}
          data-testid="single-keys-switch"
        />
        <Group gap={10} style={{ rowGap: 4 }}>
          {list.map(([key, label]) => (
            <Group key={key} gap={4} wrap="nowrap" data-testid="shortcut-key">
              <Kbd size="xs">{key}</Kbd>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
            </Group>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {M.shortcutsFocusHint}
        </Text>
      </Stack>
    </Panel>
  );
}
