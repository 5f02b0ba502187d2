/**
 * The projector's stage: a canvas 1920 pixels wide scaled to fit the viewport, so every size below
 * is in canvas pixels and the picture is the same on any projector of a shape.
 *
 * On a 16:9 screen (or a wider one) the canvas is 1920×1080, pillarboxed in black when wider. On a
 * taller screen (4:3, 5:4, 16:10) the canvas takes the screen's own shape — 1920 wide and as tall as
 * the screen's ratio makes it (1440 on 4:3, 1536 on 5:4), at most 1600 — so the layouts, which are
 * flex boxes, use the whole height and the text grows instead of shrinking into a letterboxed band.
 * `?letterbox=1` keeps the 16:9 canvas on any screen.
 */
import { createContext, type HTMLAttributes, type ReactNode, useContext, useEffect, useState } from 'react';
import classes from './Stage.module.css';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;
/** The tallest canvas (a 6:5 screen); a taller window (a phone upright) is letterboxed around it. */
export const STAGE_MAX_HEIGHT = 1600;

/**
 * The canvas height for a viewport: 1080 on 16:9 and wider screens, else the screen's own ratio.
 * Within 1 % of 16:9 (a frame whose size rounds a pixel off, say) it stays 1080.
 */
export function stageHeightFor(width: number, height: number, letterbox = false): number {
  if (letterbox || !(width > 0) || !(height > 0)) return STAGE_HEIGHT;
  const filled = (STAGE_WIDTH * height) / width;
  if (filled <= STAGE_HEIGHT * 1.01) return STAGE_HEIGHT;
  return Math.min(Math.round(filled), STAGE_MAX_HEIGHT);
}

function forcedLetterbox(): boolean {
  return new URLSearchParams(window.location.search).get('letterbox') === '1';
}

interface StageSize {
  width: number;
  height: number;
  scale: number;
}

function measure(): StageSize {
  const height = stageHeightFor(window.innerWidth, window.innerHeight, forcedLetterbox());
  return { width: STAGE_WIDTH, height, scale: Math.min(window.innerWidth / STAGE_WIDTH, window.innerHeight / height) };
}

const StageHeight = createContext(STAGE_HEIGHT);

/** The canvas height the stage draws at (1080 on 16:9, more on a taller screen), for layouts computed in pixels. */
export function useStageHeight(): number {
  return useContext(StageHeight);
}

/** Hides the cursor after `idleMs` without movement (nothing on the stage is for clicking). */
function useIdleCursor(idleMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = window.setTimeout(() => setIdle(true), idleMs);
    const wake = () => {
      setIdle(false);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setIdle(true), idleMs);
    };
    window.addEventListener('pointermove', wake);
    window.addEventListener('pointerdown', wake);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pointermove', wake);
      window.removeEventListener('pointerdown', wake);
    };
  }, [idleMs]);
  return idle;
}

export function Stage({
  children,
  overlay,
  blank = false,
  transparent = false,
  ...rootProps
}: {
  children: ReactNode;
  overlay?: ReactNode;
  blank?: boolean;
  /** The livestream overlay: no black around the canvas and no stage background, only what is drawn on it. */
  transparent?: boolean;
} & HTMLAttributes<HTMLDivElement> &
  Record<`data-${string}`, string>) {
  const [size, setSize] = useState(measure);
  const idle = useIdleCursor(3000);
  useEffect(() => {
    const update = () => setSize(measure());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return (
    <div {...rootProps} className={transparent ? classes.viewportClear : classes.viewport} data-idle={idle || undefined}>
      <div
        className={`${classes.canvas} ${blank ? classes.blankCanvas : ''} ${transparent ? classes.canvasClear : ''}`}
        data-testid="stage-canvas"
        style={{ width: size.width, height: size.height, transform: `translate(-50%, -50%) scale(${size.scale})` }}
      >
        <StageHeight.Provider value={size.height}>{children}</StageHeight.Provider>
      </div>
      {overlay}
    </div>
  );
}
