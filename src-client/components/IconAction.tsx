/** A quiet icon button with a tooltip; its accessible name says what it does and to what. */
import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

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
