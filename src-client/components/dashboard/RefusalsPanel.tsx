/**
 * What the server refused in the last minutes, by kind and by address: a login slowed, a ballot over
 * its rate, a websocket over its caps or dropped for not reading, a batch too large. On the night it
 * tells the crew why a phone fails (one hostile phone, or a hall behind one router). Read every 15 s.
 */
import { Alert, Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { limitsText } from '../../../src/messages/limits';
import { formatNumber } from '../../../src/valueFormat';
import { useLoadError } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';
import { DataTable } from '../DataTable';
import { DashboardSection } from './DashboardSection';

const t = limitsText;
const REFRESH_MS = 15_000;

export function RefusalsPanel() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.system.refusals.queryOptions(), refetchInterval: REFRESH_MS });
  useLoadError(t.loadError, query.error);
  const summary = query.data;
  return (
    <DashboardSection id="refusals" title={t.title} description={t.hint(summary?.windowMinutes ?? 10)}>
      {summary && summary.total === 0 && (
        <Alert color="gray" variant="light" data-testid="refusals-none">
          {t.none}
        </Alert>
      )}
      {summary && summary.total > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="xs">
            <Text fw={700}>{t.byKind}</Text>
            <Stack gap={6} data-testid="refusals-by-kind">
              {summary.byKind.map(({ kind, count }) => (
                <Group key={kind} justify="space-between" wrap="nowrap" data-kind={kind}>
                  <Text size="sm">{t.kinds[kind]}</Text>
                  <Badge color="red" variant="light" size="lg">
                    {formatNumber(count)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          </Stack>
          <Stack gap="xs">
            <Text fw={700}>{t.byAddress}</Text>
            <DataTable
              minWidth={320}
              striped
              data-testid="refusals-by-address"
              head={
                <>
                  <Table.Th>{t.address}</Table.Th>
                  <Table.Th>{t.what}</Table.Th>
                  <Table.Th ta="right">{t.count}</Table.Th>
                </>
              }
            >
              {summary.byAddress.map((row) => (
                <Table.Tr key={row.address}>
                  <Table.Td ff="monospace">{row.address}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.kinds.map(({ kind, count }) => `${t.kinds[kind]} (${formatNumber(count)})`).join(', ')}</Text>
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatNumber(row.count)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Stack>
        </SimpleGrid>
      )}
    </DashboardSection>
  );
}
