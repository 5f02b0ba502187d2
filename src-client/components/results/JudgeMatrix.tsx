/**
 * (b) Each judge's point per team, one matrix (teams × judges) per field the judges score. A recused
 * judge's point is struck through and marked 'miễn' (it does not count); a score the head judge
 * decided is marked 'trưởng ban'.
 */
import { Badge, Group, Table, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { isRecused, type TJury } from '../../../src/jury';
import { juryText } from '../../../src/messages/jury';
import { resultsText } from '../../../src/messages/results';
import type { TResultItem } from '../../../src/schemas/scoring';
import { formatPoint } from '../../../src/valueFormat';
import { useJury } from '../../hooks/useJury';
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

/** A recused judge's cell: their point (kept, not counted) struck through and dimmed, or nothing, then 'miễn'. */
function RecusedCell({ point }: { point: number | null | undefined }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" title={juryText.recusedPoint} data-recused>
      {point !== null && point !== undefined && (
        <Text span size="sm" c="dimmed" td="line-through">
          {formatPoint(point)}
        </Text>
      )}
      <Badge size="xs" variant="outline" color="gray" tt="none">
        {juryText.recusedMark}
      </Badge>
    </Group>
  );
}

/** The field's score, with a small 'trưởng ban' mark when the head judge decided it. */
function ScoreCell({ score, decided }: { score: number | null | undefined; decided: boolean }) {
  if (!decided) return <PointCell point={score} />;
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap" title={juryText.status.decided} data-decided>
      <Badge size="xs" variant="light" color="orange" tt="none">
        {juryText.decisionSource}
      </Badge>
      <PointCell point={score} />
    </Group>
  );
}

export function FieldMatrix({
  fieldName,
  items,
  judges,
  jury,
}: {
  fieldName: string;
  items: TResultItem[];
  judges: { gkId: string; name: string }[];
  /** The live jury, when loaded: its recusals show at once; else the results' own marks. */
  jury: TJury | null;
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
            const points = new Map(field?.judges.map((j) => [j.gkId, j]));
            const recused = (gkId: string) => (jury ? isRecused(jury, gkId, item.teamId) : points.get(gkId)?.recused === true);
            return (
              <Table.Tr key={item.teamId} data-testid="matrix-row" data-team={item.name}>
                <Table.Td fw={600}>{item.name}</Table.Td>
                {judges.map((judge) => (
                  <Table.Td key={judge.gkId} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {recused(judge.gkId) ? (
                      <RecusedCell point={points.get(judge.gkId)?.point} />
                    ) : (
                      <PointCell point={points.get(judge.gkId)?.point} />
                    )}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={800} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <ScoreCell score={field?.score} decided={field?.decided === true} />
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
  const { jury, loaded } = useJury();
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
              <FieldMatrix fieldName={field.fieldName} items={data.items} judges={data.judges} jury={loaded ? jury : null} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </DashboardSection>
  );
}
