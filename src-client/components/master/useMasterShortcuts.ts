/**
 * The console's keyboard: one key per common move, read from the physical key (a Vietnamese input
 * method may rewrite the character); the answer is revealed only with Shift+A. A key acts only while
 * focus is on the page itself: on a control (a button, a field, a switch, a tab, a menu item, a
 * slider…) or anywhere inside a dialog, menu or dropdown, the key does what that control does and
 * nothing else. Escape on such a control (outside dialogs, menus and text fields, where Escape has a
 * job of its own) hands focus back to the page, so the shortcuts work again without the mouse.
 * The single-key shortcuts (letters, Shift+A, Space) can be switched off per browser; Ctrl+Z stays.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';

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
  /** The obstacle round: reveals row `n` (1-based) with the digit keys; absent outside that round. */
  revealRow?: (n: number) => void;
  /** The obstacle round: G shows the centre clue; Shift+D and Shift+X judge the first keyword buzz right or wrong. */
  showClue?: () => void;
  /** Shift+D / Shift+X: right or wrong for what waits for a verdict (a keyword, a finish answer, a steal). */
  keywordVerdict?: (verdict: 'right' | 'wrong') => void;
  /** Shift+T: the finish round's "out of time" for the team on stage. */
  timeout?: () => void;
}

/** Whatever takes keys of its own: native controls, ARIA widgets, editable text. */
const CONTROL_SELECTOR = [
  'button',
  'input',
  'textarea',
  'select',
  'a[href]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  ...[
    'button',
    'link',
    'switch',
    'checkbox',
    'radio',
    'tab',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'option',
    'slider',
    'spinbutton',
    'combobox',
    'textbox',
    'listbox',
    'searchbox',
  ].map((role) => `[role="${role}"]`),
].join(',');

/** Layers that own the keyboard while they are open: dialogs (Mantine modals), menus, popovers, dropdowns. */
const LAYER_SELECTOR = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="menu"]',
  '[role="listbox"]',
  '.mantine-Modal-root',
  '.mantine-Popover-dropdown',
  '.mantine-Menu-dropdown',
  '.mantine-Combobox-dropdown',
].join(',');

/** Text entry, where Escape already means something (clear a search, close a list, leave a composition). */
const TEXT_SELECTOR = 'textarea, select, [contenteditable]:not([contenteditable="false"]), [role="combobox"], [role="textbox"]';
const TEXT_INPUTS = new Set(['text', 'search', 'number', 'password', 'email', 'tel', 'url', 'date', 'time']);

function isTextEntry(target: Element): boolean {
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type);
  return target.closest(TEXT_SELECTOR) !== null;
}

/** The element the key goes to is a control, or inside a dialog, menu or dropdown. */
export function isOnControl(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest(CONTROL_SELECTOR) !== null || target.closest(LAYER_SELECTOR) !== null;
}

/** Layers that may be open: Mantine keeps closed dropdowns (and an empty modal root) in the page, hidden. */
const OPEN_LAYER_SELECTOR = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="menu"]',
  '.mantine-Popover-dropdown',
  '.mantine-Menu-dropdown',
  '.mantine-Combobox-dropdown',
].join(',');

/** A dialog, menu or dropdown is open (shown) somewhere on the page. */
function layerOpen(): boolean {
  for (const layer of document.querySelectorAll(OPEN_LAYER_SELECTOR)) {
    if (layer instanceof HTMLElement && layer.checkVisibility()) return true;
  }
  return false;
}

// The single-key switch, remembered per browser; every console tab of this browser follows it.
const STORAGE_KEY = 'hoithi.master.singleKeyShortcuts';
const listeners = new Set<() => void>();

function readSingleKeys(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSingleKeyShortcuts(on: boolean): void {
  try {
    if (on) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, 'off');
  } catch {
    // Storage blocked: the switch still holds for this page below.
  }
  memory = on;
  for (const listener of listeners) listener();
}

let memory: boolean | null = null;
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    memory = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
function snapshot(): boolean {
  if (memory === null) memory = readSingleKeys();
  return memory;
}

/** Whether the single-key shortcuts (letters, Shift+A, Space) are on in this browser. */
export function useSingleKeyShortcuts(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}

export function useMasterShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const singleKeys = useSingleKeyShortcuts();
  const singleKeysRef = useRef(singleKeys);
  singleKeysRef.current = singleKeys;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (isOnControl(event.target)) {
        const target = event.target as HTMLElement;
        if (event.key === 'Escape' && !layerOpen() && !isTextEntry(target) && !target.closest(LAYER_SELECTOR)) {
          target.blur();
        }
        return;
      }
      if (event.repeat || event.altKey || layerOpen()) return;
      const h = latest.current;
      const mod = event.ctrlKey || event.metaKey;
      let action: (() => void) | undefined;
      if (mod) action = event.code === 'KeyZ' && !event.shiftKey ? h.undo : undefined;
      else if (!singleKeysRef.current) return;
      else if (event.code === 'KeyZ' && !event.shiftKey) action = h.undo;
      else if (event.code === 'KeyA') action = event.shiftKey ? h.revealAnswer : undefined;
      else if (event.code === 'KeyD' || event.code === 'KeyX') {
        // A keyword verdict moves many points: it takes Shift, like revealing the answer.
        const judge = h.keywordVerdict;
        action = event.shiftKey && judge ? () => judge(event.code === 'KeyD' ? 'right' : 'wrong') : undefined;
      } else if (event.code === 'KeyT' && event.shiftKey) action = h.timeout;
      else if (event.shiftKey) return;
      else if (/^Digit[1-9]$/.test(event.code)) {
        const reveal = h.revealRow;
        const n = Number(event.code.slice(5));
        action = reveal ? () => reveal(n) : undefined;
      } else {
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
          KeyG: h.showClue,
        }[event.code];
      }
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
