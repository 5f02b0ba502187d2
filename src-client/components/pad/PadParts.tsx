/** The pad's pieces: a team row with the judge's own point, the outbox list, the lock card. */
import { ActionIcon, Badge, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatPoint } from '../../../src/format';
import { padText } from '../../../src/messages/pad';
import type { TTeamListItem } from '../../../src/schemas/system';
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
  disabled,
  onSelect,
}: {
  team: TTeamListItem;
  order: number;
  onStage: boolean;
  selected: boolean;
  point: number | null;
  waitingPoint: number | null;
  disabled: boolean;
  /** `byKeyboard`: picked with Enter or Space (a click with no pointer). */
  onSelect: (byKeyboard: boolean) => void;
}) {
  const scored = point !== null;
  return (
    <button
      type="button"
      className={classes.team}
      data-testid="pad-team"
      data-team-id={team._id}
      data-scored={scored || undefined}
      data-stage={onStage || undefined}
      data-selected={selected || undefined}
      aria-pressed={selected}
      disabled={disabled}
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
      {scored && waitingPoint === null && <span className={classes.srOnly}>{padText.scored}</span>}
      <span className={classes.teamPoint} data-testid="pad-team-point">
        {waitingPoint !== null ? (
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
