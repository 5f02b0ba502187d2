/**
 * A printable document on a page of its own: rendered into <body> outside the admin frame, which it
 * hides (on screen and in print) while open. A toolbar with "In" stays on screen only.
 */
import { Button } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { messages } from '../../../src/messages';
import classes from './PrintSheet.module.css';

export const sheetClasses = classes;

export function PrintSheet({
  children,
  onClose,
  closeLabel,
  testId,
}: {
  children: ReactNode;
  onClose: () => void;
  closeLabel: string;
  testId?: string;
}) {
  useEffect(() => {
    const html = document.documentElement;
    html.classList.add('print-sheet-open');
    const scroll = window.scrollY;
    window.scrollTo(0, 0);
    return () => {
      html.classList.remove('print-sheet-open');
      window.scrollTo(0, scroll);
    };
  }, []);

  return createPortal(
    <div className={classes.sheet} data-testid={testId}>
      <div className={classes.toolbar}>
        <Button variant="default" onClick={onClose}>
          {closeLabel}
        </Button>
        <Button color="red" onClick={() => window.print()} data-testid="print-button">
          {messages.results.print}
        </Button>
      </div>
      {children}
    </div>,
    document.body,
  );
}
