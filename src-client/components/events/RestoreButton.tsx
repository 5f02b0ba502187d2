/**
 * "Khôi phục từ bản sao lưu": the file picked is sent as it is (POST /api/events/restore, the raw
 * bytes) and comes back as a new event in the list. A REST path rather than tRPC: the file is binary
 * and may be large, and tRPC carries JSON.
 */
import { Button, FileButton } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventsText } from '../../../src/messages/events';
import { useTRPC, withTimestamp } from '../../trpc';
import { notifyError, notifySuccess } from '../notify';
import { UploadIcon } from './icons';

const t = eventsText;
/** The backup's own extension (gzip inside); the server tells any other file apart by its content. */
const BACKUP_FILES = '.hoithi,.gz,application/gzip';
/** Long enough to read what the restore says about the judges. */
const RESTORED_TOAST_MS = 10_000;

/** The restored event, or the server's Vietnamese refusal as the error's message. */
async function restoreBackup(file: File): Promise<{ _id: string; title: string }> {
  const response = await fetch(withTimestamp('/api/events/restore'), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/octet-stream' },
    body: file,
  });
  // A page that is not JSON (a proxy's) fails to parse, which errorMessage reads as "not reached".
  const body = (await response.json()) as { item?: { _id: string; title: string }; error?: { message?: string } };
  if (!response.ok || !body.item) throw new Error(body.error?.message ?? '');
  return body.item;
}

export function RestoreButton() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: restoreBackup,
    onError: (error) => notifyError(t.restoreError, error),
    onSuccess: (item) => {
      notifySuccess(t.restored(item.title), RESTORED_TOAST_MS);
      void queryClient.invalidateQueries({ queryKey: trpc.events.list.queryKey() });
    },
  });
  return (
    <FileButton accept={BACKUP_FILES} onChange={(file) => file && restore.mutate(file)}>
      {(props) => (
        <Button variant="default" leftSection={<UploadIcon />} loading={restore.isPending} data-testid="event-restore" {...props}>
          {t.restore}
        </Button>
      )}
    </FileButton>
  );
}
