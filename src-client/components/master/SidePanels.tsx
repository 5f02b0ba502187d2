/** The console's reference blocks: scoring per field, the live ranking, the judges, the shortcut legend. */
import { Badge, Box, Button, Group, Kbd, Stack, Switch, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { masterText } from '../../../src/messages/master';
import type { TScoreField } from '../../../src/schemas/scoreField';
import type { ShowState } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { compareStanding } from '../../../src/teamOrder';
import { formatPoint } from '../../../src/valueFormat';
import { useLiveEvent, useLiveProgress } from '../../hooks/liveEvents';
import { useTRPC } from '../../trpc';
import { Panel, PanelTable } from './Panel';
import { setSingleKeyShortcuts, useSingleKeyShortcuts } from './useMasterShortcuts';
import type { ShowMoves } from './useShowMove';

const M = masterText;

/**
 * Scoring per field, and a judged round's whole sheet at once: "Mở phiếu chấm" opens every judges
 * field of the round, so the judges score each team on every criterion without the MC opening them
 * one by one. Opening a single field makes it the only one open.
 */
export function ScoringPanel({ system, fields, moves }: { system: ShowState; fields: TScoreField[]; moves: ShowMoves }) {
  // In a judged round the round's own fields come first, marked: the judges score those.
  const ofRound = (field: TScoreField) => field.round === system.fw;
  const shown = system.format === 'judged' ? [...fields.filter(ofRound), ...fields.filter((f) => !ofRound(f))] : fields;
  const openNow = system.scoringOpen ? system.openFields : [];
  const sheet = fields.filter((f) => ofRound(f) && f.kind === 'judges');
  const sheetOpen = sheet.length > 0 && openNow.length === sheet.length && sheet.every((f) => openNow.includes(f.name));
  const offerSheet = sheet.length > 1 || (system.format === 'judged' && sheet.length > 0);
  return (
    <Panel title={M.scoring} empty={fields.length === 0 && M.noFields}>
      <Stack gap={4}>
        {offerSheet && (
          <Group justify="space-between" wrap="nowrap" gap={6} data-testid="scoring-sheet" data-open={sheetOpen} mb={4}>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                {M.roundSheet(sheet.length)}
              </Text>
              <Text size="xs" c="dimmed">
                {M.roundSheetHint}
              </Text>
            </div>
            <Button
              size="compact-sm"
              color={sheetOpen ? 'orange' : 'teal'}
              variant="filled"
              style={{ flexShrink: 0 }}
              onClick={() => moves.move(sheetOpen ? { scoringOpen: false } : { openFields: sheet.map((f) => f.name), scoringOpen: true })}
              data-testid="toggle-round-sheet"
            >
              {sheetOpen ? M.closeSheet : M.openSheet}
            </Button>
          </Group>
        )}
        {shown.map((field) => {
          const open = openNow.includes(field.name);
          // Closing one field of several leaves the others open.
          const close = openNow.length > 1 ? { openFields: openNow.filter((name) => name !== field.name) } : { scoringOpen: false };
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
                  onClick={() => moves.move(open ? close : { activeField: field.name, scoringOpen: true })}
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
      <PanelTable mah={230} verticalSpacing={3} horizontalSpacing={6}>
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
      </PanelTable>
    </Panel>
  );
}

export interface JudgeRow {
  _id: string;
  username: string;
  fullName: string;
}

/**
 * Who judges tonight: online now (a pad open), and how many teams each has scored on the open field;
 * on a sheet of several criteria, the teams with every criterion scored, and each criterion's count.
 */
export function JudgesPanel({
  judges,
  system,
  fields,
  teamIds,
}: {
  judges: JudgeRow[];
  system: ShowState;
  fields: TScoreField[];
  teamIds: string[];
}) {
  const trpc = useTRPC();
  const initialPresence = useQuery(trpc.show.presence.queryOptions()).data?.judges;
  const presence = useLiveEvent('presence')?.judges ?? initialPresence ?? [];
  const progress = useLiveProgress();
  const sheet = system.openFields;
  const teamCount = teamIds.length;
  const scoredBy = (gkId: string, fieldName: string) =>
    new Set(
      progress
        .get(fieldName)
        ?.done.filter((d) => d.gkId === gkId)
        .map((d) => d.teamId) ?? [],
    );
  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  return (
    <Panel title={M.judges} empty={judges.length === 0 && M.noJudges}>
      <Stack gap={2}>
        {judges.map((judge) => {
          const online = presence.includes(judge._id);
          const perField = sheet.map((name) => ({ name, teams: scoredBy(judge._id, name) }));
          const scored = teamIds.filter((id) => perField.length > 0 && perField.every((f) => f.teams.has(id))).length;
          return (
            <Group key={judge._id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="master-judge">
              <div style={{ minWidth: 0 }}>
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
                {perField.length > 1 && (
                  <Text size="xs" c="dimmed" pl={14} data-testid="judge-field-progress">
                    {perField
                      .map((f) => M.judgeFieldScored(labelOf(f.name), teamIds.filter((id) => f.teams.has(id)).length, teamCount))
                      .join(' · ')}
                  </Text>
                )}
              </div>
              <Text
                size="sm"
                c={sheet.length > 0 && scored >= teamCount ? 'teal' : 'dimmed'}
                style={{ flexShrink: 0 }}
                data-testid="judge-progress"
              >
                {sheet.length > 0 ? M.judgeScored(scored, teamCount) : M.judgeProgress}
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
