/** The log of actions an organiser may have to answer for (a round replayed, points given by hand…), newest first. */
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { resultsText } from '../../../src/messages/results';
import { useLoadError } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';
import { DashboardSection } from '../dashboard/DashboardSection';
import { LogCell, LogTable } from './LogTable';

const t = resultsText;

export function ActionLog() {
  const trpc = useTRPC();
  const log = useQuery(trpc.actions.log.queryOptions({ limit: 200 }));
  useLoadError(t.actionsError, log.error);
  return (
    <DashboardSection id="action-log" title={t.actionsTitle} description={t.actionsHint}>
      <LogTable
        mah={420}
        minWidth={760}
        testId="action-log"
        head={[{ label: t.actor, w: 180 }, { label: t.actionWhat }, { label: t.actionChange, w: 220 }]}
        log={log}
        emptyText={t.actionsEmpty}
        rowData={(entry) => ({ 'data-testid': 'action-row', 'data-kind': entry.kind })}
        cells={(entry) => (
          <>
            <LogCell>{entry.actorName ?? ''}</LogCell>
            <LogCell>{entry.summary}</LogCell>
            <Table.Td>
              {(entry.beforeText !== null || entry.afterText !== null) && (
                <Text size="sm" lh={1.3}>
                  <Text span c="dimmed" size="sm">
                    {entry.beforeText ?? t.empty}
                  </Text>
                  {' → '}
                  <Text span fw={700} size="sm">
                    {entry.afterText ?? t.empty}
                  </Text>
                </Text>
              )}
            </Table.Td>
          </>
        )}
      />
    </DashboardSection>
  );
}
