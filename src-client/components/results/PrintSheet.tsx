/**
 * A printable document on a page of its own: rendered into <body> outside the admin frame, which it
 * hides (on screen and in print) while open. A toolbar with "In" stays on screen only. With
 * `pageNumbers`, every printed page carries "Trang N/M" at its foot (a CSS page-margin box, which
 * Chromium prints since version 131; the words come from the message catalogue).
 */
import { Button } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { resultsText } from '../../../src/messages/results';
import classes from './PrintSheet.module.css';

export const sheetClasses = classes;

/** The page-number footer, as a rule for `@page` (a CSS string literal; JSON's quoting is valid CSS here). */
const pageNumberCss = `@page { @bottom-center { content: ${JSON.stringify(`${resultsText.page} `)} counter(page) "/" counter(pages); font-family: 'Times New Roman', Times, 'Noto Serif', serif; font-size: 10pt; color: #000; } }`;

export function PrintSheet({
  children,
  onClose,
  closeLabel,
  testId,
  pageNumbers = false,
}: {
  children: ReactNode;
  onClose: () => void;
  closeLabel: string;
  testId?: string;
  pageNumbers?: boolean;
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
      {pageNumbers && <style>{pageNumberCss}</style>}
      <div className={classes.toolbar}>
        <Button variant="default" onClick={onClose}>
          {closeLabel}
        </Button>
        <Button color="red" onClick={() => window.print()} data-testid="print-button">
          {resultsText.print}
        </Button>
      </div>
      {children}
    </div>,
    document.body,
  );
}
