/**
 * The live miniature of /screen, the projectors' state (what they no longer tell the hall), what screen 2 shows, the livestream overlay's scene (OBS reads
 * `/screen?overlay=1`), the scoreboard freeze, and undo.
 */
import { Box, Button, Code, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { OVERLAY_SCENES, SCREEN2_MODES } from '../../../src/constants';
import { masterText } from '../../../src/messages/master';
import type { ShowState } from '../../../src/schemas/show';
import { Panel } from './Panel';
import { ProjectorsStatus } from './ProjectorsStatus';
import { ShortcutKey } from './ShortcutKey';
import { useSingleKeyShortcuts } from './useMasterShortcuts';
import type { ShowMoves } from './useShowMove';

const M = masterText;
/** What OBS's browser source opens: the projector page as the livestream's overlay. */
const OVERLAY_PATH = '/screen?overlay=1';

/** A labelled choice of what one output shows (screen 2, the livestream overlay). */
/** The console's two output pickers: screen 2's view and the livestream overlay's scene. */
const OUTPUTS = {
  screen2: { label: M.screen2, options: SCREEN2_MODES, optionLabels: M.screen2Modes, testId: 'screen2-mode' },
  overlay: { label: M.overlay, options: OVERLAY_SCENES, optionLabels: M.overlayScenes, testId: 'overlay-scene' },
};

function OutputChoice<T extends string>({
  label,
  value,
  options,
  optionLabels,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: T;
  options: readonly T[];
  optionLabels: Record<T, string>;
  onChange: (value: T) => void;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <SegmentedControl
        fullWidth
        size="xs"
        aria-label={label}
        value={value}
        onChange={(picked) => onChange(picked as T)}
        data={options.map((option) => ({ value: option, label: optionLabels[option] }))}
        data-testid={testId}
      />
      {children}
    </Stack>
  );
}

/** /screen itself in an iframe, drawn at 1920×1080 and scaled down into a 16:9 box. */
export function MiniScreen() {
  const { ref, width } = useElementSize();
  const scale = width / 1920;
  return (
    <Box
      ref={ref}
      pos="relative"
      style={{
        aspectRatio: '16 / 9',
        overflow: 'hidden',
        borderRadius: 6,
        background: '#111',
        outline: '1px solid var(--mantine-color-gray-4)',
      }}
    >
      {width > 0 && (
        <iframe
          src="/screen?preview=1"
          title={M.miniScreen}
          tabIndex={-1}
          data-testid="mini-screen"
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: 1920,
            height: 1080,
            border: 0,
            transform: `scale(${scale})`,
            transformOrigin: '0 0',
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}

export function ScreensPanel({ system, moves }: { system: ShowState; moves: ShowMoves }) {
  const singleKeys = useSingleKeyShortcuts();
  return (
    <Panel
      title={M.miniScreen}
      right={
        <Button
          size="compact-sm"
          variant="default"
          onClick={moves.undo}
          rightSection={<ShortcutKey shortcut={singleKeys ? 'Z' : M.ctrlUndoKey} />}
          aria-keyshortcuts={singleKeys ? 'Z' : 'Control+Z'}
          aria-label={M.undo}
        >
          {M.undo}
        </Button>
      }
    >
      <Stack gap={8}>
        <MiniScreen />
        <ProjectorsStatus />
        <OutputChoice {...OUTPUTS.screen2} value={system.screen2} onChange={(screen2) => moves.move({ screen2 })} />
        <OutputChoice {...OUTPUTS.overlay} value={system.overlay} onChange={(overlay) => moves.move({ overlay })}>
          <Text size="xs" c="dimmed" data-testid="overlay-address">
            {M.overlayAddress} <Code fz="xs">{`${window.location.origin}${OVERLAY_PATH}`}</Code>
          </Text>
        </OutputChoice>
        <Group gap={6} grow>
          {[
            { label: M.freeze, color: 'blue', frozen: true },
            { label: M.publish, color: 'orange', frozen: false },
          ].map((b) => (
            <Button
              key={b.label}
              size="xs"
              color={b.color}
              variant={system.scoreboardFrozen === b.frozen ? 'light' : 'filled'}
              disabled={system.scoreboardFrozen === b.frozen}
              onClick={() => moves.move({ scoreboardFrozen: b.frozen })}
            >
              {b.label}
            </Button>
          ))}
        </Group>
        {system.scoreboardFrozen && (
          <Text size="xs" c="blue.8" data-testid="frozen-note">
            {M.frozen}
          </Text>
        )}
      </Stack>
    </Panel>
  );
}
