/**
 * The big countdown, drawn from the server's `endsAt` and this screen's clock balance so every
 * screen shows the same second: seconds below a minute, m:ss from 60 s ("9:12", not "552"). Red and
 * pulsing in the last five seconds; a short beep in the last three and a long one at zero, once
 * sound has been unlocked.
 */
import { useEffect, useRef } from 'react';
import type { ShowTimer } from '../../../src/schemas/show';
import { formatCountdown } from '../../../src/valueFormat';
import { useCountdown } from '../../hooks/useCountdown';
import classes from './Countdown.module.css';
import { beep } from './sound';

const WARNING_SECONDS = 5;
const BEEP_SECONDS = 3;
/** Four digits and a colon ("10:00") are drawn smaller than the stylesheet's three-digit size, to stay in the ring. */
const FOUR_DIGIT_FONT_PX = 92;

export function Countdown({ timer, balance, silent }: { timer: ShowTimer; balance: number; silent: boolean }) {
  const { seconds, running } = useCountdown(timer, balance);
  const previous = useRef(seconds);

  useEffect(() => {
    const before = previous.current;
    previous.current = seconds;
    // Only a live tick downwards beeps: not a reset, not a screen that joins mid-count.
    if (silent || timer.endsAt === null || seconds !== before - 1) return;
    if (seconds === 0) beep(true);
    else if (seconds <= BEEP_SECONDS) beep(false);
  }, [seconds, silent, timer.endsAt]);

  const over = timer.endsAt !== null && !running;
  const warning = running && seconds <= WARNING_SECONDS;
  const text = formatCountdown(seconds);
  const digits = text.replace(':', '').length;
  const state = over ? classes.countdownOver : warning ? classes.countdownWarning : timer.endsAt === null ? classes.countdownPaused : '';
  return (
    <div
      className={`${classes.countdown} ${state ?? ''}`}
      data-testid="countdown"
      data-running={running || undefined}
      data-warning={warning || undefined}
      data-digits={String(Math.min(digits, 3))}
      style={digits >= 4 ? { fontSize: FOUR_DIGIT_FONT_PX } : undefined}
      aria-live="off"
    >
      {text}
    </div>
  );
}
