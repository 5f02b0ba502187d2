/**
 * A shortcut's key drawn inside a button. The letter is drawn by CSS (a pseudo-element) and the key
 * is hidden from assistive technology: the button's name stays its label alone ("Hiện câu hỏi", not
 * "Hiện câu hỏi Q"), so the visible label is the name (WCAG 2.5.3), and the button announces the key
 * through `aria-keyshortcuts` instead.
 */
import { Kbd } from '@mantine/core';
import classes from './Master.module.css';

export function ShortcutKey({ shortcut }: { shortcut: string }) {
  return <Kbd size="xs" aria-hidden className={classes.shortcutKey} data-key={shortcut} />;
}
