/** Asks the master before a step of the show: bold title, a short paragraph, the confirm button focused. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { masterText } from '../../../src/messages/master';
import { openConfirm } from '../ModalsHost';

export function confirmStep(o: { title: ReactNode; text: ReactNode; confirm: string; color: string; onConfirm: () => void }): void {
  openConfirm({
    title: <Text fw={700}>{o.title}</Text>,
    children: <Text size="sm">{o.text}</Text>,
    labels: { confirm: o.confirm, cancel: masterText.cancel },
    confirmProps: { color: o.color, 'data-autofocus': true },
    centered: true,
    onConfirm: o.onConfirm,
  });
}
