/** A quiet icon button with a tooltip; its accessible name says what it does and to what. */
import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { TrashIcon } from './users/icons';

export function IconAction({
  tooltip,
  label,
  color = 'gray',
  onClick,
  children,
  ...rest
}: Omit<ActionIconProps, 'variant' | 'color'> & {
  tooltip: string;
  /** The accessible name ("Sửa: Phần 1"). */
  label: string;
  color?: 'gray' | 'red';
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} {...rest}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The red trash-can action that removes a row or a card (after its own confirmation). */
export function DeleteAction(props: Omit<Parameters<typeof IconAction>[0], 'color' | 'children'>) {
  return (
    <IconAction {...props} color="red">
      <TrashIcon />
    </IconAction>
  );
}
