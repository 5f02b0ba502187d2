/**
 * The console's keyboard: one key per common move, read from the physical key (a Vietnamese input
 * method may rewrite the character). Ignored while typing in a field or while a dialog is open; the
 * answer is revealed only with Shift+A.
 */
import { useEffect, useRef } from 'react';

export interface ShortcutHandlers {
  showQuestion: () => void;
  revealAnswer: () => void;
  scoreboard: () => void;
  roundCard: () => void;
  blank: () => void;
  nextQuestion: () => void;
  previousQuestion: () => void;
  toggleTimer: () => void;
  toggleAnswers: () => void;
  toggleBuzzer: () => void;
  undo: () => void;
}

const TEXT_INPUTS = new Set(['text', 'search', 'number', 'password', 'email', 'tel', 'url', 'date', 'time']);

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type);
  return false;
}

export function useMasterShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || event.altKey || isTyping(event.target)) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      if (document.querySelector('[role="dialog"]')) return;
      const h = latest.current;
      const mod = event.ctrlKey || event.metaKey;
      let action: (() => void) | undefined;
      if (event.code === 'KeyZ' && !event.shiftKey) action = h.undo;
      else if (mod) return;
      else if (event.code === 'KeyA') action = event.shiftKey ? h.revealAnswer : undefined;
      else if (event.shiftKey) return;
      else {
        action = {
          KeyQ: h.showQuestion,
          KeyS: h.scoreboard,
          KeyR: h.roundCard,
          KeyB: h.blank,
          KeyN: h.nextQuestion,
          KeyP: h.previousQuestion,
          Space: h.toggleTimer,
          KeyO: h.toggleAnswers,
          KeyC: h.toggleBuzzer,
        }[event.code];
      }
      if (!action) return;
      event.preventDefault();
      // A focused button would also take the Space as a click on key-up.
      if (event.code === 'Space' && event.target instanceof HTMLElement) event.target.blur();
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
