/** The parts every admin form shares: the modal that holds one, and its cancel and save buttons. */
import { Button, Group, type GroupProps, Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { contractText } from '../../src/messages/contract';

const TITLE_STYLES = { title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)' } };

/** A form in a modal with a bold title; the form is mounted only while open, so it starts afresh each time. */
export function FormModal({
  opened,
  onClose,
  title,
  size,
  fullScreen = false,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size: ModalProps['size'];
  /** The whole screen (a long form on a phone). */
  fullScreen?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} fullScreen={fullScreen} radius="lg" styles={TITLE_STYLES}>
      {opened && children}
    </Modal>
  );
}

/** A form's last row: cancel, then the submit button (busy while the save runs). */
export function FormActions({
  onCancel,
  submitLabel,
  loading,
  mt,
}: {
  onCancel: () => void;
  submitLabel: string;
  loading?: boolean;
  mt?: GroupProps['mt'];
}) {
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        {contractText.cancel}
      </Button>
      <Button type="submit" color="red" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
