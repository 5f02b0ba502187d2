/**
 * The pad's pieces: a team row with the judge's own point (or, on a judged round's sheet, how many
 * criteria are scored, or that the judge is recused from it), the criteria of the team's sheet, the
 * outbox list, the head judge's request to score a cell again, the lock card.
 */
import { ActionIcon, Badge, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { juryText } from '../../../src/messages/jury';
import { padText } from '../../../src/messages/pad';
import type { TTeamListItem } from '../../../src/schemas/system';
import { formatPoint } from '../../../src/valueFormat';
import { BlockIcon, CheckIcon, ClockIcon, LockIcon } from './icons';
import classes from './Pad.module.css';
import type { QueuedScore } from './scoreQueue';

export function TeamRow({
  team,
  order,
  onStage,
  selected,
  point,
  waitingPoint,
  sheet,
  recused = false,
  disabled,
  onSelect,
}: {
  team: TTeamListItem;
  order: number;
  onStage: boolean;
  selected: boolean;
  point: number | null;
  waitingPoint: number | null;
  /** Several criteria open: how many of them this judge has scored for the team (sent or waiting). */
  sheet?: SheetCount;
  /** The judge is recused from the team: dimmed, never selectable, the word instead of a point. */
  recused?: boolean;
  disabled: boolean;
  /** `byKeyboard`: picked with Enter or Space (a click with no pointer). */
  onSelect: (byKeyboard: boolean) => void;
}) {
  const scored = !recused && (sheet ? sheet.done === sheet.total : point !== null);
  return (
    <button
      type="button"
      className={classes.team}
      data-testid="pad-team"
      data-team-id={team._id}
      data-scored={scored || undefined}
      data-stage={onStage || undefined}
      data-selected={selected || undefined}
      data-recused={recused || undefined}
      aria-pressed={selected}
      disabled={disabled || recused}
      onClick={(event) => onSelect(event.detail === 0)}
    >
      <span className={classes.order}>{order}</span>
      {/* Only phrasing content inside a button: spans laid out as the rows they were. Plain elements
          rather than the kit's: a pad renders one row per team and must come up fast on a cheap phone. */}
      <span style={{ minWidth: 0 }}>
        <span className={classes.nameLine}>
          <span className={classes.teamName}>{team.name}</span>
          {onStage && (
            <Badge component="span" size="sm" color="orange" variant="filled" style={{ flexShrink: 0 }}>
              {padText.onStage}
            </Badge>
          )}
        </span>
        {team.unit && <span className={classes.teamUnit}>{team.unit}</span>}
      </span>
      {/* Said to a screen reader before the point: the tick alone says nothing. */}
      {recused ? null : sheet ? (
        <span className={classes.srOnly}>{padText.sheetProgressSpoken(sheet.done, sheet.total)}</span>
      ) : (
        scored && waitingPoint === null && <span className={classes.srOnly}>{padText.scored}</span>
      )}
      <span className={classes.teamPoint} data-testid="pad-team-point" aria-hidden={sheet && !recused ? true : undefined}>
        {recused ? (
          <span className={classes.recusedMark}>{juryText.recusedTeam}</span>
        ) : sheet ? (
          <SheetCountMark sheet={sheet} />
        ) : waitingPoint !== null ? (
          <span className={classes.pointWaiting}>
            <ClockIcon size={18} />
            <span>{formatPoint(waitingPoint)}</span>
          </span>
        ) : scored ? (
          <span className={classes.pointScored}>
            <CheckIcon size={20} />
            <span>{formatPoint(point)}</span>
          </span>
        ) : (
          <span className={classes.notScored}>{padText.notScored}</span>
        )}
      </span>
    </button>
  );
}

export interface SheetCount {
  done: number;
  total: number;
  /** Some of them still wait in the outbox. */
  waiting: boolean;
}

function SheetCountMark({ sheet }: { sheet: SheetCount }) {
  const text = padText.sheetProgress(sheet.done, sheet.total);
  if (sheet.waiting)
    return (
      <span className={classes.pointWaiting}>
        <ClockIcon size={18} />
        <span>{text}</span>
      </span>
    );
  if (sheet.done === sheet.total)
    return (
      <span className={classes.pointScored}>
        <CheckIcon size={20} />
        <span>{text}</span>
      </span>
    );
  return <span className={classes.sheetMissing}>{text}</span>;
}

export interface Criterion {
  name: string;
  label: string;
  /** The judge's point, stored or waiting in the outbox; null while not scored. */
  point: number | null;
  waiting: boolean;
}

/**
 * The team's sheet: one button per open criterion with the judge's own point, or "Chưa chấm" for the
 * ones still missing; the one being entered is marked.
 */
export function CriterionTabs({
  team,
  criteria,
  current,
  onPick,
}: {
  team: string;
  criteria: Criterion[];
  current: string;
  onPick: (name: string) => void;
}) {
  return (
    <fieldset className={classes.criteria} aria-label={padText.criteriaLabel(team)} data-testid="pad-criteria">
      {criteria.map((c) => {
        const state = c.point === null ? 'missing' : c.waiting ? 'waiting' : 'scored';
        const status = c.point === null ? padText.notScored : formatPoint(c.point);
        return (
          <button
            type="button"
            key={c.name}
            className={classes.criterion}
            data-testid="pad-criterion"
            data-field={c.name}
            data-state={state}
            data-current={c.name === current || undefined}
            aria-pressed={c.name === current}
            onClick={() => onPick(c.name)}
          >
            <span className={classes.criterionName}>{c.label}</span>
            {/* Said to a screen reader before the point: the tick and the clock alone say nothing. */}
            {state !== 'missing' && <span className={classes.srOnly}>{state === 'scored' ? padText.scored : padText.waiting}</span>}
            <span className={classes.criterionPoint}>
              {state === 'waiting' && <ClockIcon size={16} />}
              {state === 'scored' && <CheckIcon size={16} />}
              <span data-testid="pad-criterion-point">{status}</span>
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

export function PendingList({
  entries,
  teamName,
  fieldLabel,
  onDismiss,
}: {
  entries: QueuedScore[];
  teamName: (teamId: string) => string;
  fieldLabel: (fieldName: string) => string;
  onDismiss: (key: string) => void;
}) {
  if (!entries.length) return null;
  return (
    <Stack gap={6} data-testid="pad-pending-list">
      <Group gap={6} c="yellow.9">
        <ClockIcon size={18} />
        <Text fw={800} size="sm">
          {padText.pendingTitle}
        </Text>
      </Group>
      {entries.map((entry) => (
        <div key={entry.key} className={classes.pending} data-testid="pad-pending" data-status={entry.status} data-team-id={entry.teamId}>
          <span style={{ display: 'grid', placeItems: 'center' }}>
            {entry.status === 'sending' ? (
              <Loader size={16} color="yellow.8" />
            ) : entry.status === 'refused' ? (
              <Text c="red.8" component="span" display="inline-flex">
                <BlockIcon size={20} />
              </Text>
            ) : (
              <Text c="yellow.9" component="span" display="inline-flex">
                <ClockIcon size={20} />
              </Text>
            )}
          </span>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} truncate>
              {teamName(entry.teamId)} · {formatPoint(entry.point)}
            </Text>
            <Text size="xs" c={entry.status === 'refused' ? 'red.8' : 'dimmed'} fw={entry.status === 'refused' ? 600 : 400}>
              {entry.status === 'refused'
                ? `${fieldLabel(entry.fieldName)} · ${padText.refused}: ${entry.reason ?? ''}`
                : `${fieldLabel(entry.fieldName)} · ${entry.status === 'sending' ? padText.sending : padText.waiting}`}
            </Text>
          </div>
          {entry.status === 'refused' ? (
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={padText.dismiss} onClick={() => onDismiss(entry.key)}>
              ✕
            </ActionIcon>
          ) : (
            <span />
          )}
        </div>
      ))}
    </Stack>
  );
}

/**
 * The head judge's request to score a cell again, above the teams: who and which criterion, the
 * reason, and the button that opens the keypad on it (pressed again, closes it).
 */
export function RescoreCard({
  asked,
  reason,
  active,
  onToggle,
}: {
  asked: string;
  reason: string;
  active: boolean;
  /** `byKeyboard`: pressed with Enter or Space (a click with no pointer). */
  onToggle: (byKeyboard: boolean) => void;
}) {
  return (
    <section className={classes.rescore} data-testid="pad-rescore" data-active={active || undefined} aria-label={asked}>
      <span className={classes.rescoreAsked}>{asked}</span>
      <span className={classes.rescoreReason} data-testid="pad-rescore-reason">
        {reason}
      </span>
      <button
        type="button"
        className={classes.rescoreButton}
        data-testid="pad-rescore-score"
        aria-pressed={active}
        onClick={(event) => onToggle(event.detail === 0)}
      >
        {active ? juryText.cancel : juryText.rescoreNow}
      </button>
    </section>
  );
}

export function LockCard({ reason, hint }: { reason: string; hint: string }) {
  return (
    <Group gap="md" wrap="nowrap" data-testid="pad-locked" py={6}>
      <ThemeIcon size={48} radius="xl" color="gray" variant="light">
        <LockIcon size={26} />
      </ThemeIcon>
      <div>
        <Text fw={800} size="lg" data-testid="pad-lock-reason">
          {reason}
        </Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </div>
    </Group>
  );
}
