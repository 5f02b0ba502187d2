/**
 * The address judges' links and QR cards carry (`src-server/hall-address.ts`), so the admin sees it
 * before printing: set by PUBLIC_URL, the one this page is open at, guessed from the server's network
 * (with how to set it instead), or none at all.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { judgeLinksText } from '../../../src/messages/judgeLinks';
import { useLoadError } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';

const t = judgeLinksText;

export function HallAddressNote({ compact = false }: { compact?: boolean }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.user.hallAddress.queryOptions(undefined, { staleTime: 60_000 }));
  useLoadError(t.hallError, compact ? null : query.error);
  const hall = query.data;
  if (!hall) return null;

  if (!hall.origin) {
    return (
      <Alert color="red" variant="light" radius="md" p="sm" data-testid="hall-address" data-source={hall.source}>
        <Text size="sm" fw={600}>
          {t.hallNone}
        </Text>
      </Alert>
    );
  }

  const address = (
    <Text size="sm" fw={600}>
      {t.hallAddress(hall.origin)}
    </Text>
  );
  if (hall.source !== 'guessed') {
    return (
      <Stack gap={2} data-testid="hall-address" data-source={hall.source} data-origin={hall.origin}>
        {address}
        {hall.source === 'publicUrl' && !compact && (
          <Text size="xs" c="dimmed">
            {t.hallFromPublicUrl}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Alert color="yellow" variant="light" radius="md" p="sm" data-testid="hall-address" data-source={hall.source} data-origin={hall.origin}>
      <Stack gap={4}>
        {address}
        <Text size="sm">{t.hallGuessed}</Text>
        {hall.others.length > 0 && <Text size="sm">{t.hallOthers(hall.others.join(', '))}</Text>}
        <Text size="sm">{t.hallFix(hall.origin)}</Text>
      </Stack>
    </Alert>
  );
}
