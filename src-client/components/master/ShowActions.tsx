/**
 * What the main screen shows: question, answer, scoreboard, round card, rules, blank, the final results. Revealing the
 * answer is deliberate: the button asks first (Shift+A on the keyboard goes straight through).
 */
import { Button, SimpleGrid } from '@mantine/core';
import type { ShowPhase } from '../../../src/constants';
import { masterText } from '../../../src/messages/master';
import type { ShowState } from '../../../src/schemas/show';
import { confirmStep } from './confirmStep';
import { ShortcutKey } from './ShortcutKey';
import { useSingleKeyShortcuts } from './useMasterShortcuts';
import type { ShowMoves } from './useShowMove';

const M = masterText;

export function confirmReveal(onConfirm: () => void): void {
  confirmStep({ title: M.revealTitle, text: M.revealText, confirm: M.revealAnswer, color: 'teal', onConfirm });
}

interface Action {
  phase: ShowPhase;
  label: string;
  key: string;
  color: string;
  needsQuestion?: boolean;
}

const ACTIONS: Action[] = [
  { phase: 'question', label: M.showQuestion, key: 'Q', color: 'red', needsQuestion: true },
  { phase: 'answer', label: M.revealAnswer, key: 'Shift+A', color: 'teal', needsQuestion: true },
  { phase: 'scoreboard', label: M.scoreboard, key: 'S', color: 'indigo' },
  { phase: 'round', label: M.roundCard, key: 'R', color: 'orange' },
  { phase: 'rules', label: M.rules, key: '', color: 'grape' },
  { phase: 'blank', label: M.blank, key: 'B', color: 'gray' },
  // Refused by the server until the whole event's results are locked (its reason in the toast).
  { phase: 'final', label: M.finalResults, key: '', color: 'yellow' },
];

export function ShowActions({ system, moves }: { system: ShowState; moves: ShowMoves }) {
  const singleKeys = useSingleKeyShortcuts();
  const act = (action: Action) => {
    if (action.phase === 'answer') confirmReveal(() => moves.move({ phase: 'answer' }));
    else moves.move({ phase: action.phase });
  };
  return (
    <SimpleGrid cols={3} spacing={8}>
      {ACTIONS.map((action) => {
        const current = system.phase === action.phase;
        const primary = action.phase === 'question' || action.phase === 'answer';
        return (
          <Button
            key={action.phase}
            aria-label={action.label}
            color={action.color}
            variant={current ? 'filled' : 'light'}
            h={primary ? 64 : 48}
            fz={primary ? 'md' : 'sm'}
            disabled={action.needsQuestion && !system.questionId}
            onClick={() => act(action)}
            rightSection={singleKeys && action.key ? <ShortcutKey shortcut={action.key} /> : undefined}
            aria-keyshortcuts={singleKeys ? action.key : undefined}
            styles={{ inner: { justifyContent: 'space-between' }, label: { whiteSpace: 'normal', textAlign: 'left' } }}
            data-current={current}
            style={primary ? { gridColumn: 'span 1' } : undefined}
          >
            {action.label}
          </Button>
        );
      })}
    </SimpleGrid>
  );
}
