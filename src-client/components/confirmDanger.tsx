/** Asks before a step that cannot be taken back: the text as a small paragraph, the confirm button red. */
import { Text } from '@mantine/core';
import type { OpenConfirmModal } from '@mantine/modals';
import type { ReactNode } from 'react';
import { openConfirm } from './ModalsHost';

export function confirmDanger({ text, ...options }: Omit<OpenConfirmModal, 'children' | 'confirmProps'> & { text: ReactNode }): void {
  openConfirm({ ...options, children: <Text size="sm">{text}</Text>, confirmProps: { color: 'red' } });
}
