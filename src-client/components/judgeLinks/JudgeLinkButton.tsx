/**
 * The judge's sign-in link, from the user table: issue or re-issue (the old link stops working and
 * its holder is signed out), shown once as copyable text and a QR code, or revoke.
 */
import { ActionIcon, Alert, Button, CopyButton, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { contractText } from '../../../src/messages/contract';
import { judgeLinksText } from '../../../src/messages/judgeLinks';
import type { TPublicUser } from '../../../src/schemas/auth';
import { useTRPC } from '../../trpc';
import { confirmDanger } from '../confirmDanger';
import { notifyError, notifySuccess } from '../notify';
import { LinkIcon } from '../users/icons';
import { HallAddressNote } from './HallAddressNote';
import { QrImage } from './QrImage';

const t = judgeLinksText;

export function JudgeLinkButton({ user }: { user: TPublicUser }) {
  const trpc = useTRPC();
  const [opened, setOpened] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [issuedOnce, setIssuedOnce] = useState(false);
  const name = user.fullName || user.username;

  const issue = useMutation(
    trpc.user.issueJudgeLink.mutationOptions({
      onSuccess: ({ url }) => {
        setLink(url);
        setIssuedOnce(true);
        notifySuccess(t.issued);
      },
      onError: (error) => notifyError(t.issueError, error),
    }),
  );
  const revoke = useMutation(
    trpc.user.revokeJudgeLink.mutationOptions({
      onSuccess: () => {
        setLink(null);
        notifySuccess(t.revoked);
      },
      onError: (error) => notifyError(t.revokeError, error),
    }),
  );
  const confirmRevoke = () =>
    confirmDanger({
      title: <Text fw={800}>{t.revokeTitle}</Text>,
      text: t.revokeText(name),
      labels: { confirm: t.revoke, cancel: contractText.cancel },
      radius: 'lg',
      onConfirm: () => revoke.mutate({ _id: user._id }),
    });

  const close = () => {
    setOpened(false);
    // The token is shown once: closing forgets it.
    setLink(null);
  };

  return (
    <>
      <Tooltip label={t.action} withArrow openDelay={200}>
        <ActionIcon
          variant="subtle"
          color="blue"
          size="md"
          aria-label={t.action}
          data-testid="judge-link-action"
          onClick={() => setOpened(true)}
        >
          <LinkIcon />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={<Text fw={800}>{t.title(name)}</Text>} radius="lg" size="lg">
        <Stack gap="md" data-testid="judge-link-modal">
          <Text size="sm">{t.intro}</Text>
          <HallAddressNote compact />
          <Alert color="yellow" variant="light" radius="md" p="sm">
            <Text size="sm">{t.reissueWarning}</Text>
          </Alert>
          {link && (
            <Group align="flex-start" gap="lg" wrap="wrap">
              <QrImage value={link} size={200} alt={t.qrAlt(user.username)} testId="judge-link-qr" />
              <Stack gap="xs" style={{ flex: '1 1 260px', minWidth: 0 }}>
                <Textarea
                  readOnly
                  autosize
                  minRows={2}
                  value={link}
                  aria-label={t.action}
                  data-testid="judge-link-url"
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13, wordBreak: 'break-all' } }}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <CopyButton value={link}>
                  {({ copied, copy }) => (
                    <Button variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy} w="fit-content">
                      {copied ? t.copied : t.copy}
                    </Button>
                  )}
                </CopyButton>
                <Text size="xs" c="dimmed">
                  {t.tokenOnce}
                </Text>
              </Stack>
            </Group>
          )}
          {!link && (
            <Text size="xs" c="dimmed">
              {t.tokenOnce}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="subtle" color="red" onClick={confirmRevoke} loading={revoke.isPending}>
              {t.revoke}
            </Button>
            <Button color="red" onClick={() => issue.mutate({ _id: user._id })} loading={issue.isPending}>
              {issuedOnce ? t.reissue : t.create}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
