/**
 * The projector's stage: a fixed 1920×1080 canvas scaled to fit the viewport and letterboxed in
 * black, so every size below is in canvas pixels and the picture is the same on any projector.
 */
import { type HTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import classes from './Projector.module.css';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

function fitScale(): number {
  return Math.min(window.innerWidth / STAGE_WIDTH, window.innerHeight / STAGE_HEIGHT);
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
  ...rootProps
}: { children: ReactNode; overlay?: ReactNode; blank?: boolean } & HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string>) {
  const [scale, setScale] = useState(fitScale);
  const idle = useIdleCursor(3000);
  useEffect(() => {
    const update = () => setScale(fitScale());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return (
    <div {...rootProps} className={classes.viewport} data-idle={idle || undefined}>
      <div
        className={`${classes.canvas} ${blank ? classes.blankCanvas : ''}`}
        style={{ width: STAGE_WIDTH, height: STAGE_HEIGHT, transform: `translate(-50%, -50%) scale(${scale})` }}
      >
        {children}
      </div>
      {overlay}
    </div>
  );
}
