/** (b) Each judge's point per team, one matrix (teams × judges) per field the judges score. */
import { Badge, Group, Table, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { resultsText } from '../../../src/messages/results';
import type { TResultItem } from '../../../src/schemas/scoring';
import { formatPoint } from '../../../src/valueFormat';
import { useSystemState } from '../../hooks/useSystemState';
import { DashboardSection } from '../dashboard/DashboardSection';
import { useResults } from './util';

/** A table wider than its box scrolls from the keyboard too: its viewport takes focus. */
const KEYBOARD_SCROLL = { viewportProps: { tabIndex: 0 } };

const t = resultsText;

export function PointCell({ point }: { point: number | null | undefined }) {
  if (point === null || point === undefined)
    return (
      <Text span c="gray.5" data-missing>
        {t.missing}
      </Text>
    );
  return <>{formatPoint(point)}</>;
}

export function FieldMatrix({
  fieldName,
  items,
  judges,
}: {
  fieldName: string;
  items: TResultItem[];
  judges: { gkId: string; name: string }[];
}) {
  return (
    <Table.ScrollContainer minWidth={200 + judges.length * 110} scrollAreaProps={KEYBOARD_SCROLL}>
      <Table verticalSpacing={6} striped withColumnBorders data-testid="judge-matrix" data-field={fieldName}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.team}</Table.Th>
            {judges.map((judge) => (
              <Table.Th key={judge.gkId} ta="right" title={judge.name}>
                <Text size="sm" fw={700} lh={1.25}>
                  {judge.name}
                </Text>
              </Table.Th>
            ))}
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              {t.fieldScore}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const field = item.fields.find((f) => f.fieldName === fieldName);
            const points = new Map(field?.judges.map((j) => [j.gkId, j.point]));
            return (
              <Table.Tr key={item.teamId} data-testid="matrix-row" data-team={item.name}>
                <Table.Td fw={600}>{item.name}</Table.Td>
                {judges.map((judge) => (
                  <Table.Td key={judge.gkId} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    <PointCell point={points.get(judge.gkId)} />
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={800} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <PointCell point={field?.score} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function JudgeMatrix() {
  const { data } = useResults();
  const { system } = useSystemState();
  const judgeFields = (data?.fields ?? []).filter((f) => f.kind === 'judges');
  const [tab, setTab] = useState<string | null>(null);
  const active = judgeFields.some((f) => f.fieldName === tab) ? tab : null;
  // Follows the field the master opens until the admin picks one.
  const fallback = judgeFields.find((f) => f.fieldName === system.activeField)?.fieldName ?? judgeFields[0]?.fieldName ?? null;

  return (
    <DashboardSection id="judge-points" title={t.matrixTitle} description={t.matrixHint}>
      {!data ? null : judgeFields.length === 0 ? (
        <Text c="dimmed">{t.noJudgeFields}</Text>
      ) : data.judges.length === 0 ? (
        <Text c="dimmed">{t.noJudges}</Text>
      ) : (
        <Tabs value={active ?? fallback} onChange={setTab} color="red" keepMounted={false}>
          <Tabs.List mb="sm">
            {judgeFields.map((field) => (
              <Tabs.Tab key={field.fieldName} value={field.fieldName}>
                <Group gap={6} wrap="nowrap">
                  {field.label}
                  {system.activeField === field.fieldName && system.scoringOpen && (
                    <Badge size="xs" color="teal" variant="light">
                      {t.openNow}
                    </Badge>
                  )}
                </Group>
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {judgeFields.map((field) => (
            <Tabs.Panel key={field.fieldName} value={field.fieldName}>
              <FieldMatrix fieldName={field.fieldName} items={data.items} judges={data.judges} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </DashboardSection>
  );
}
