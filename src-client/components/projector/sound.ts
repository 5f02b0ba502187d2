/**
 * Short beeps for the countdown through WebAudio. Browsers only let a page make sound after a
 * gesture, so the first click or key on the page (`useStartGesture`, Overlays.tsx) calls `unlockSound`; until then
 * `beep` stays silent.
 */
let context: AudioContext | null = null;

/** Resumes (or makes) the audio context; true once sound can play, or when there is no WebAudio to wait for. */
export async function unlockSound(): Promise<boolean> {
  try {
    context ??= new AudioContext();
    await context.resume();
    return context.state === 'running';
  } catch {
    // No WebAudio here (or it refused): the countdown simply stays silent.
    return typeof AudioContext === 'undefined';
  }
}

/** A short sine tone; `long` for the end of the time. */
export function beep(long = false): void {
  if (context?.state !== 'running') return;
  const now = context.currentTime;
  const duration = long ? 0.7 : 0.15;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = long ? 660 : 880;
  // A quick fade in and out, so the tone does not click.
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.4, now + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + duration);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(now);
  oscillator.stop(now + duration + 0.05);
}
