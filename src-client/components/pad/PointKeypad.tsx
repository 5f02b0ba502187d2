/**
 * Entering one point for one team with a thumb: whole points as big buttons, a "+0,5" toggle for
 * the half, or the point typed ("7,5"); the submit button shows the point big and sends only on a
 * second tap, so a slip never scores.
 */
import { Badge, Button, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { padText } from '../../../src/messages/pad';
import { formatPoint, parsePoint } from '../../../src/valueFormat';
import classes from './Pad.module.css';
import { formatScaleNumber, isValidPoint, pointScale, type ScaleField } from './pointScale';

const CONFIRM_MS = 4000;

export interface PointKeypadProps {
  field: ScaleField;
  teamName: string;
  teamUnit: string;
  previousPoint: number | null;
  /** A judged round's sheet: the team's criteria, shown under the team, and the one being entered. */
  criteria?: ReactNode;
  criterion?: { label: string };
  onSubmit: (point: number) => void;
}

export function PointKeypad({ field, teamName, teamUnit, previousPoint, criteria, criterion, onSubmit }: PointKeypadProps) {
  const scale = pointScale(field);
  const [base, setBase] = useState<number | null>(null);
  const [fraction, setFraction] = useState(0);
  const [typed, setTyped] = useState('');
  const [confirming, setConfirming] = useState(false);

  const typedPoint = typed.trim() ? parsePoint(typed) : null;
  const point = typed.trim() ? typedPoint : base === null ? null : base + fraction;
  const valid = point !== null && isValidPoint(field, point);
  const typedInvalid = typed.trim() !== '' && !valid;

  // A changed point needs a fresh confirmation; an unanswered one lapses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed point is the trigger that drops the pending confirmation
  useEffect(() => setConfirming(false), [point]);
  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [confirming]);

  const pickBase = (value: number) => {
    setTyped('');
    setBase(value);
    if (value + fraction > field.maxPoint) setFraction(0);
  };
  const toggleFraction = (value: number) => {
    setTyped('');
    setFraction((current) => (current === value ? 0 : value));
  };

  const submit = () => {
    if (!valid || point === null) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    onSubmit(point);
    setBase(null);
    setFraction(0);
    setTyped('');
  };

  const range = padText.invalidPoint(formatScaleNumber(field.minPoint), formatScaleNumber(field.maxPoint), formatScaleNumber(field.step));
  const cols = scale.bases.length + scale.fractions.length <= 12 ? 6 : 5;

  return (
    <Stack
      gap={10}
      data-testid="pad-keypad"
      role="group"
      aria-label={criterion ? padText.keypadCriterionLabel(criterion.label, teamName) : padText.keypadLabel(teamName)}
    >
      <div className={classes.keypadHead}>
        <div style={{ minWidth: 0 }}>
          <span className={classes.caption}>{padText.scoringTeam}</span>
          <span className={classes.selectedTeam} data-testid="pad-selected-team">
            {teamName}
          </span>
          {teamUnit && <span className={classes.teamUnit}>{teamUnit}</span>}
        </div>
        {previousPoint !== null && (
          <Badge size="lg" color="teal" variant="light" style={{ flexShrink: 0 }}>
            {padText.previousPoint(formatPoint(previousPoint))}
          </Badge>
        )}
      </div>
      {criteria}
      {criterion && (
        <span className={classes.criterionRange} data-testid="pad-criterion-range">
          {padText.fieldRange(
            criterion.label,
            formatScaleNumber(field.minPoint),
            formatScaleNumber(field.maxPoint),
            formatScaleNumber(field.step),
          )}
        </span>
      )}

      {scale.bases.length > 0 && (
        // Plain buttons in a grid: up to 21 keys, rendered again on every tap.
        <div className={classes.keys} style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }} data-testid="pad-keys">
          {scale.bases.map((value) => {
            const active = !typed.trim() && base === value;
            return (
              <button
                type="button"
                key={value}
                className={classes.pointButton}
                data-active={active || undefined}
                aria-pressed={active}
                onClick={() => pickBase(value)}
              >
                {formatScaleNumber(value)}
              </button>
            );
          })}
          {scale.fractions.map((value) => {
            const active = !typed.trim() && fraction === value;
            const disabled = base !== null && base + value > field.maxPoint;
            return (
              <button
                type="button"
                key={`f${value}`}
                className={classes.fractionButton}
                data-active={active || undefined}
                aria-pressed={active}
                disabled={disabled}
                onClick={() => toggleFraction(value)}
              >
                {padText.half(formatScaleNumber(value))}
              </button>
            );
          })}
        </div>
      )}

      <TextInput
        aria-label={padText.typePoint}
        placeholder={`${padText.typePoint} (${padText.typePlaceholder})`}
        inputMode="decimal"
        autoComplete="off"
        size="md"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          // The key is spent here: once focus has moved on to the next team, it must not press that too.
          e.preventDefault();
          submit();
        }}
        error={typedInvalid ? range : undefined}
        data-testid="pad-typed"
      />

      <Button
        size="xl"
        h={64}
        fullWidth
        radius="md"
        color={confirming ? 'orange' : 'red'}
        disabled={!valid}
        onClick={submit}
        data-testid="pad-submit"
        data-confirming={confirming || undefined}
        className={classes.submit}
      >
        {valid && point !== null ? (
          <span className={classes.submitLabel}>
            <span className={classes.submitText}>{confirming ? padText.confirm : padText.submit}</span>
            <span className={classes.submitPoint}>{formatPoint(point)}</span>
          </span>
        ) : (
          padText.choosePoint
        )}
      </Button>
    </Stack>
  );
}
