/**
 * The judge's pad for a phone in one hand: who and which event on top, the open field and its range
 * (or a judged round's sheet: every open criterion), the teams (the one on stage first) with the
 * judge's own points, and the keypad under the thumb, with the team's criteria above it. Locked, with
 * the reason, while no judges field is open; every point goes through the outbox with its field. The
 * jury shows too: the teams this judge is recused from are skipped (dimmed, never selected), and the
 * head judge's open requests to score a cell again come first, each opening the keypad on that cell
 * even while the pad is locked.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isRecused } from '../../../src/jury';
import type { TProgress } from '../../../src/live';
import { contractText } from '../../../src/messages/contract';
import { juryText } from '../../../src/messages/jury';
import { loginText } from '../../../src/messages/login';
import { padText } from '../../../src/messages/pad';
import type { TPublicUser } from '../../../src/schemas/auth';
import type { TScoreItem } from '../../../src/schemas/scoring';
import { displayName } from '../../../src/valueFormat';
import { liveWins, onLiveMessage } from '../../hooks/liveEvents';
import { useConnectionLost } from '../../hooks/useConnection';
import { useJury } from '../../hooks/useJury';
import { useLogout } from '../../hooks/useLogout';
import { useSystemState } from '../../hooks/useSystemState';
import { trpcClient, useTRPC } from '../../trpc';
import { ClockIcon } from './icons';
import { nextTeamToScore } from './nextTeam';
import classes from './Pad.module.css';
import { CriterionTabs, LockCard, PendingList, RescoreCard, TeamRow } from './PadParts';
import { PointKeypad } from './PointKeypad';
import { padError, padNotice, padSuccess } from './padToast';
import { formatScaleNumber } from './pointScale';
import { type SendHandlers, useScoreQueue } from './scoreQueue';

interface ScoreList {
  items: TScoreItem[];
  /** The last event the list read includes (`scoring.list`). */
  eventId: number;
}

/** Before the first read answers (offline): no points, and any live message is newer. */
const NO_LIST: ScoreList = { items: [], eventId: 0 };

function mergeScores<L extends ScoreList>(old: L, items: TScoreItem[]): L {
  // By judge too: the head judge's list holds every judge's points (their board reads them).
  const merged = new Map(old.items.map((i) => [`${i.teamId}|${i.gkId}|${i.fieldName}`, i]));
  for (const item of items) merged.set(`${item.teamId}|${item.gkId}|${item.fieldName}`, item);
  return { ...old, items: [...merged.values()] };
}

/**
 * Whether a field's progress disagrees with this judge's points in the list: a point the list has
 * that the progress no longer counts (a reset or an undo took it away, which no `scores` message
 * tells), or one it counts that the list lacks.
 */
function listDisagrees(list: ScoreList, progress: TProgress, judgeId: string): boolean {
  const listed = new Set(list.items.filter((i) => i.gkId === judgeId && i.fieldName === progress.fieldName).map((i) => i.teamId));
  const done = new Set(progress.done.filter((d) => d.gkId === judgeId).map((d) => d.teamId));
  return listed.size !== done.size || [...done].some((teamId) => !listed.has(teamId));
}

export function JudgePad({ judge }: { judge: TPublicUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const { system, listTeam, connected } = useSystemState();
  const fieldsQuery = useQuery(trpc.scoreField.all.queryOptions());
  const settingsQuery = useQuery(trpc.settings.get.queryOptions());
  const { jury } = useJury();
  // This judge's `scores` messages heard after the list's last read: a read that one overtook (read
  // before it, answered after it) gets it laid over, by event order.
  const heard = useRef<{ eventId: number; items: TScoreItem[] }[]>([]);
  // One key for the life of the pad: a fresh array per render would re-run every effect keyed on it.
  const listOptions = useMemo(
    () => ({
      ...trpc.scoring.list.queryOptions(),
      queryFn: async (): Promise<ScoreList> => {
        const read = await trpcClient.scoring.list.query();
        heard.current = heard.current.filter((h) => liveWins(h.eventId, read));
        return heard.current.reduce((list, h) => mergeScores(list, h.items), read);
      },
    }),
    [trpc],
  );
  const scoresQuery = useQuery(listOptions);
  const listKey = listOptions.queryKey;

  useEffect(() => {
    if (scoresQuery.error) padError(padText.listError, scoresQuery.error);
  }, [scoresQuery.error]);

  // Live: every `scores` message with this judge's changed points is merged in as it comes. A
  // progress that disagrees with the list (a reset or undo took a point away) or a reconnect re-reads it.
  useEffect(() => {
    const stopScores = onLiveMessage('scores', (message, eventId) => {
      const mine = message.items.filter((i) => i.gkId === judge._id);
      if (mine.length === 0) return;
      const list = queryClient.getQueryData(listKey);
      heard.current = [...heard.current.filter((h) => liveWins(h.eventId, list)), { eventId, items: mine }];
      queryClient.setQueryData(listKey, (old) => mergeScores(old ?? NO_LIST, mine));
    });
    const stopProgress = onLiveMessage('progress', (progress) => {
      const list = queryClient.getQueryData(listKey);
      if (list && listDisagrees(list, progress, judge._id)) void queryClient.invalidateQueries({ queryKey: listKey });
    });
    return () => {
      stopScores();
      stopProgress();
    };
  }, [judge._id, queryClient, listKey]);
  useEffect(() => {
    if (connected) void queryClient.invalidateQueries({ queryKey: listKey });
  }, [connected, queryClient, listKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: newly open fields are the trigger to re-read the scoring sheet
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.scoreField.all.queryKey() });
  }, [system.openFields.join('\u0000'), queryClient, trpc]);

  const fields = fieldsQuery.data?.items ?? [];
  const myScores = useMemo(() => (scoresQuery.data?.items ?? []).filter((i) => i.gkId === judge._id), [scoresQuery.data, judge._id]);
  // The sheet: the open judges fields in the sheet's order (one, or every criterion of a judged round).
  const sheetFields = useMemo(
    () => fields.filter((f) => f.kind === 'judges' && system.openFields.includes(f.name)),
    [fields, system.openFields],
  );
  const open = system.scoringOpen && sheetFields.length > 0;

  // "Đã đóng chấm" once these fields have been open (seen here, or scored by this judge); else "Chưa mở chấm".
  const [seenOpen, setSeenOpen] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (open && sheetFields.some((f) => !seenOpen.has(f.name))) setSeenOpen(new Set([...seenOpen, ...sheetFields.map((f) => f.name)]));
  }, [open, sheetFields, seenOpen]);
  const closed = !open && sheetFields.some((f) => seenOpen.has(f.name) || myScores.some((s) => s.fieldName === f.name));

  // The fields whose points the list shows: the open ones, else the one this judge scored last.
  const lastScored = [...myScores].sort((a, b) => b.updatedAt - a.updatedAt)[0];
  const lastField = fields.find((f) => f.name === lastScored?.fieldName);
  const shownFields = sheetFields.length > 0 ? sheetFields : lastField ? [lastField] : [];
  const shownField = shownFields[0] ?? null;
  const multi = shownFields.length > 1;

  const teams = useMemo(() => {
    const ordered = [...listTeam].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name, 'vi'));
    const onStage = ordered.findIndex((t) => t._id === system.activeTeamId);
    if (onStage > 0) ordered.unshift(...ordered.splice(onStage, 1));
    return ordered;
  }, [listTeam, system.activeTeamId]);
  const pointOf = (teamId: string, fieldName = shownField?.name) =>
    fieldName ? (myScores.find((s) => s.teamId === teamId && s.fieldName === fieldName)?.point ?? null) : null;

  const teamNames = useRef(new Map<string, string>());
  for (const t of listTeam) teamNames.current.set(t._id, t.name);
  const handlers = useMemo<SendHandlers>(
    () => ({
      onSent: (_entry, item) => {
        queryClient.setQueryData(listKey, (old) => mergeScores(old ?? NO_LIST, [item]));
        padSuccess(contractText.scored);
      },
      onRefused: (_entry, error) => padError(contractText.scoringError, error),
      onQueued: () => padNotice(padText.queued),
    }),
    [queryClient, listKey],
  );
  // The outbox sends by itself: with backoff while the network fails, at once when it is back.
  const queue = useScoreQueue(judge._id, handlers);
  const offline = useConnectionLost();

  const waitingPoint = (teamId: string, fieldName = shownField?.name) => {
    const entry = [...queue.entries].reverse().find((e) => e.teamId === teamId && e.status !== 'refused' && e.fieldName === fieldName);
    return entry ? entry.point : null;
  };
  /** A team this judge is recused from: skipped, never selected, nothing missing. */
  const recused = (teamId: string) => isRecused(jury, judge._id, teamId);
  /** The team's criteria still without a point from this judge (sent or waiting); none for a recused team. */
  const missingOf = (teamId: string) =>
    recused(teamId) ? [] : shownFields.filter((f) => pointOf(teamId, f.name) === null && waitingPoint(teamId, f.name) === null);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The criterion being entered; null: the team's first one still missing.
  const [fieldChoice, setFieldChoice] = useState<string | null>(null);
  const pickTeam = (teamId: string) => {
    setSelectedId(teamId);
    setFieldChoice(null);
  };
  // The team on stage is the one to score: follow it when the master moves on.
  useEffect(() => {
    if (system.activeTeamId) {
      setSelectedId(system.activeTeamId);
      setFieldChoice(null);
    }
  }, [system.activeTeamId]);
  const selected =
    teams.find((t) => t._id === selectedId && !recused(t._id)) ??
    teams.find((t) => missingOf(t._id).length > 0) ??
    teams.find((t) => !recused(t._id)) ??
    null;
  const currentField =
    (open && (sheetFields.find((f) => f.name === fieldChoice) ?? (selected && missingOf(selected._id)[0]) ?? sheetFields[0])) || null;

  // Keyboard: a sent point moves focus to the next team to score (or stays on the one just scored when
  // every team has a point); a team picked from the keyboard takes focus on into the keypad. On a
  // sheet of several criteria, the next criterion still missing comes first, in the keypad.
  const padRef = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<{ team: string } | 'keypad' | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    const pad = padRef.current;
    const element =
      focusTarget === 'keypad'
        ? pad?.querySelector<HTMLElement>('[data-testid="pad-keypad"] :is([data-testid="pad-keys"] button, input):not(:disabled)')
        : pad?.querySelector<HTMLElement>(`[data-testid="pad-team"][data-team-id="${CSS.escape(focusTarget.team)}"]`);
    element?.focus();
    setFocusTarget(null);
  }, [focusTarget]);
  const submitPoint = (teamId: string, fieldName: string, point: number) => {
    queue.enqueue({ teamId, fieldName, point });
    const stillMissing = missingOf(teamId).filter((f) => f.name !== fieldName);
    if (stillMissing.length > 0) {
      // The rest of this team's sheet: the next missing criterion after this one, round to the first.
      const at = shownFields.findIndex((f) => f.name === fieldName);
      const next = stillMissing.find((f) => shownFields.indexOf(f) > at) ?? stillMissing[0]!;
      setFieldChoice(next.name);
      setFocusTarget('keypad');
      return;
    }
    const hasPoint = (id: string) => id === teamId || missingOf(id).length === 0;
    setFocusTarget({
      team:
        nextTeamToScore(
          teams.map((t) => t._id),
          teamId,
          hasPoint,
        ) ?? teamId,
    });
  };

  // The head judge's open requests to this judge to score a cell again, the cell's criterion known.
  // One sent from here hides at once (the live jury marks it answered soon after), unless refused;
  // after a reload, a point for the cell still in the outbox hides it the same way.
  const [sentRescores, setSentRescores] = useState<ReadonlyMap<string, number>>(new Map());
  const [rescoreId, setRescoreId] = useState<string | null>(null);
  const refusedSince = (teamId: string, fieldName: string, since: number) =>
    queue.entries.some((e) => e.status === 'refused' && e.teamId === teamId && e.fieldName === fieldName && e.createdAt >= since);
  const rescores = jury.rulings.flatMap((ruling) => {
    if (ruling.kind !== 'rescore' || ruling.answeredAt !== null || ruling.judgeId !== judge._id) return [];
    const field = fields.find((f) => f.name === ruling.fieldName);
    if (!field) return [];
    const sentAt = sentRescores.get(ruling.id);
    if (sentAt !== undefined && !refusedSince(ruling.teamId, ruling.fieldName, sentAt)) return [];
    if (sentAt === undefined && waitingPoint(ruling.teamId, ruling.fieldName) !== null) return [];
    const team = listTeam.find((t) => t._id === ruling.teamId);
    return [{ ruling, field, teamName: team?.name ?? teamNames.current.get(ruling.teamId) ?? '', teamUnit: team?.unit ?? '' }];
  });
  // A refused answer brings its card back for good (the refusal stays on the outbox list until dismissed).
  useEffect(() => {
    const refused = [...sentRescores].filter(([id, at]) => {
      const ruling = jury.rulings.find((r) => r.id === id);
      return ruling !== undefined && refusedSince(ruling.teamId, ruling.fieldName, at);
    });
    if (refused.length > 0) setSentRescores(new Map([...sentRescores].filter(([id]) => !refused.some(([r]) => r === id))));
  });
  const rescoring = rescores.find((r) => r.ruling.id === rescoreId) ?? null;
  const submitRescore = (ruling: { id: string; teamId: string; fieldName: string }, point: number) => {
    queue.enqueue({ teamId: ruling.teamId, fieldName: ruling.fieldName, point });
    setSentRescores(new Map([...sentRescores, [ruling.id, Date.now()]]));
    setRescoreId(null);
  };

  const sheetCount = (teamId: string) => ({
    done: shownFields.length - missingOf(teamId).length,
    total: shownFields.length,
    waiting: shownFields.some((f) => waitingPoint(teamId, f.name) !== null),
  });
  const fieldLabel = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  const eventName = settingsQuery.data?.settings.name ?? padText.eventFallback;

  return (
    <div ref={padRef} className={classes.page} data-testid="judge-pad" data-open={open || undefined}>
      <header className={classes.header} data-testid="user-menu">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            {!offline && <span className={classes.dot} aria-hidden />}
            <Text fw={800} size="lg" lh={1.2} truncate data-testid="pad-judge">
              {displayName(judge)}
            </Text>
          </Group>
          <Button size="compact-sm" variant="white" color="red" onClick={logout} style={{ flexShrink: 0 }}>
            {loginText.logout}
          </Button>
        </Group>
        <Text size="xs" lh={1.3} truncate style={{ opacity: 0.92 }}>
          {judge.username} · {eventName}
        </Text>
        {!offline && (
          <span className={classes.srOnly} data-testid="pad-connection">
            {padText.online}
          </span>
        )}
      </header>
      {offline && (
        <div className={classes.offlineStrip} role="status" data-testid="pad-connection">
          <ClockIcon size={18} />
          <span style={{ whiteSpace: 'nowrap' }}>{padText.offline}</span>
          <Text span size="xs" fw={500} lh={1.25}>
            {padText.pendingHint}
          </Text>
        </div>
      )}

      <div className={classes.fieldBar}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text component="h1" fw={800} fz={16} lh={1.25} data-testid="pad-field">
            {multi
              ? padText.sheetTitle(shownFields.length)
              : shownField
                ? padText.fieldRange(
                    shownField.label,
                    formatScaleNumber(shownField.minPoint),
                    formatScaleNumber(shownField.maxPoint),
                    formatScaleNumber(shownField.step),
                  )
                : padText.myPoints}
          </Text>
          <Badge color={open ? 'teal' : 'gray'} variant={open ? 'filled' : 'light'} size="md" tt="none" style={{ flexShrink: 0 }}>
            {open ? padText.open : closed ? padText.closed : padText.notOpen}
          </Badge>
        </Group>
      </div>

      <main className={classes.body}>
        <div className={classes.list}>
          <PendingList
            entries={queue.entries}
            teamName={(id) => teamNames.current.get(id) ?? id}
            fieldLabel={fieldLabel}
            onDismiss={queue.dismiss}
          />
          {rescores.map(({ ruling, field, teamName }) => (
            <RescoreCard
              key={ruling.id}
              asked={juryText.rescoreAsked(teamName, field.label)}
              reason={juryText.rescoreReason(ruling.reason)}
              active={ruling.id === rescoreId}
              onToggle={(byKeyboard) => {
                const opening = ruling.id !== rescoreId;
                setRescoreId(opening ? ruling.id : null);
                if (opening && byKeyboard) setFocusTarget('keypad');
              }}
            />
          ))}
          {teams.length === 0 && (
            <Text c="dimmed" ta="center" py="xl">
              {padText.noTeams}
            </Text>
          )}
          {teams.map((team, index) => (
            <TeamRow
              key={team._id}
              team={team}
              order={index + 1}
              onStage={team._id === system.activeTeamId}
              selected={open && selected?._id === team._id}
              point={pointOf(team._id)}
              waitingPoint={waitingPoint(team._id)}
              sheet={multi ? sheetCount(team._id) : undefined}
              recused={recused(team._id)}
              disabled={!open}
              onSelect={(byKeyboard) => {
                pickTeam(team._id);
                if (byKeyboard) setFocusTarget('keypad');
              }}
            />
          ))}
        </div>

        <div className={classes.dock}>
          {rescoring ? (
            <PointKeypad
              key={`rescore|${rescoring.ruling.id}`}
              field={rescoring.field}
              teamName={rescoring.teamName}
              teamUnit={rescoring.teamUnit}
              previousPoint={pointOf(rescoring.ruling.teamId, rescoring.ruling.fieldName)}
              criterion={{ label: rescoring.field.label }}
              onSubmit={(point) => submitRescore(rescoring.ruling, point)}
            />
          ) : open && currentField && selected ? (
            <PointKeypad
              key={`${selected._id}|${currentField.name}`}
              field={currentField}
              teamName={selected.name}
              teamUnit={selected.unit}
              previousPoint={multi ? null : pointOf(selected._id, currentField.name)}
              criteria={
                multi && (
                  <CriterionTabs
                    team={selected.name}
                    criteria={shownFields.map((f) => {
                      const waiting = waitingPoint(selected._id, f.name);
                      return { name: f.name, label: f.label, point: waiting ?? pointOf(selected._id, f.name), waiting: waiting !== null };
                    })}
                    current={currentField.name}
                    onPick={setFieldChoice}
                  />
                )
              }
              criterion={multi ? { label: currentField.label } : undefined}
              onSubmit={(point) => submitPoint(selected._id, currentField.name, point)}
            />
          ) : open ? (
            <Stack py="md">
              <Text c="dimmed" ta="center">
                {padText.noTeams}
              </Text>
            </Stack>
          ) : (
            <LockCard
              reason={closed ? padText.closed : padText.notOpen}
              hint={closed ? (multi ? padText.closedSheetHint : padText.closedHint) : padText.notOpenHint}
            />
          )}
        </div>
      </main>
    </div>
  );
}
