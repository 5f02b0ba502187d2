/** /user/the-le: the rules (thể lệ) in their order, with a Markdown editor and a live preview. */
import { Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { appText } from '../../src/messages/app';
import { rulesText } from '../../src/messages/rules';
import type { TRule } from '../../src/schemas/rules';
import { AdminList, AdminPage } from '../components/AdminPage';
import { confirmDanger } from '../components/confirmDanger';
import { DeleteAction, IconAction } from '../components/IconAction';
import { Markdown } from '../components/markdown/Markdown';
import { mutationToasts } from '../components/notify';
import { EditIcon } from '../components/rules/icons';
import { RuleEditor } from '../components/rules/RuleEditor';
import { sortRules } from '../components/rules/sortRules';
import { useLoadError } from '../hooks/useConnection';
import { useModalItem } from '../hooks/useModalItem';
import { useTRPC } from '../trpc';

const t = rulesText;

export default function RulesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rulesQuery = useQuery(trpc.rules.all.queryOptions());
  const rules = useMemo(() => sortRules(rulesQuery.data?.items ?? []), [rulesQuery.data]);
  const editor = useModalItem<TRule>();

  useLoadError(t.listError, rulesQuery.error);

  const remove = useMutation(
    trpc.rules.remove.mutationOptions(
      mutationToasts(t.deleted, t.deleteError, () => void queryClient.invalidateQueries({ queryKey: trpc.rules.all.queryKey() })),
    ),
  );

  const confirmRemove = (rule: TRule) =>
    confirmDanger({
      title: <Text fw={800}>{t.deleteTitle}</Text>,
      text: t.deleteText(rule.data.title),
      onConfirm: () => remove.mutate({ _id: rule._id }),
    });

  const nextOrder = rules.length ? Math.max(...rules.map((r) => r.data.order)) + 1 : 1;

  return (
    <AdminPage
      title={appText.screenTitles.rules}
      hint={t.intro}
      actions={
        <Button color="red" onClick={() => editor.open(null)}>
          + {t.add}
        </Button>
      }
      maw={1100}
      small
    >
      <AdminList loading={rulesQuery.isPending} empty={rules.length === 0} emptyText={t.empty} loaderHeight={100}>
        <Stack gap="md" data-testid="rule-list">
          {rules.map((rule) => (
            <Card key={rule._id} withBorder radius="lg" padding="lg" shadow="xs" data-testid="rule-card">
              <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Tooltip label={t.order}>
                    <Badge color="red" variant="light" size="lg" radius="sm" style={{ flex: 'none' }}>
                      {rule.data.order}
                    </Badge>
                  </Tooltip>
                  <Text fw={800} fz="lg" lh={1.3}>
                    {rule.data.title}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <IconAction tooltip={t.edit} label={`${t.edit}: ${rule.data.title}`} size="lg" onClick={() => editor.open(rule)}>
                    <EditIcon />
                  </IconAction>
                  <DeleteAction
                    tooltip={t.remove}
                    label={`${t.remove}: ${rule.data.title}`}
                    size="lg"
                    onClick={() => confirmRemove(rule)}
                  />
                </Group>
              </Group>
              {rule.data.content.trim() && <Markdown source={rule.data.content} c="gray.8" />}
            </Card>
          ))}
        </Stack>
      </AdminList>

      <RuleEditor modal={editor} nextOrder={nextOrder} />
    </AdminPage>
  );
}
