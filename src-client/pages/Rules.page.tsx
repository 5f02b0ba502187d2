/** /user/the-le: the rules (thể lệ) in their order, with a Markdown editor and a live preview. */
import { ActionIcon, Badge, Button, Card, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { messages } from '../../src/messages';
import type { TRule } from '../../src/schemas/rules';
import { Markdown } from '../components/markdown/Markdown';
import { notifyError, notifySuccess } from '../components/notify';
import { EditIcon, TrashIcon } from '../components/rules/icons';
import { RuleEditor } from '../components/rules/RuleEditor';
import { sortRules } from '../components/rules/sortRules';
import { useTRPC } from '../trpc';

const t = messages.rulesAdmin;

export default function RulesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rulesQuery = useQuery(trpc.rules.all.queryOptions());
  const rules = useMemo(() => sortRules(rulesQuery.data?.items ?? []), [rulesQuery.data]);
  const [editor, setEditor] = useState<{ opened: boolean; rule: TRule | null }>({ opened: false, rule: null });

  useEffect(() => {
    if (rulesQuery.error) notifyError(t.listError, rulesQuery.error);
  }, [rulesQuery.error]);

  const remove = useMutation(
    trpc.rules.remove.mutationOptions({
      onSuccess: () => {
        notifySuccess(t.deleted);
        void queryClient.invalidateQueries({ queryKey: trpc.rules.all.queryKey() });
      },
      onError: (error) => notifyError(t.deleteError, error),
    }),
  );

  const confirmRemove = (rule: TRule) =>
    modals.openConfirmModal({
      title: <Text fw={800}>{t.deleteTitle}</Text>,
      children: <Text size="sm">{t.deleteText(rule.data.title)}</Text>,
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ _id: rule._id }),
    });

  const nextOrder = rules.length ? Math.max(...rules.map((r) => r.data.order)) + 1 : 1;

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{messages.screenTitles.rules}</Title>
          <Text c="dimmed" size="sm">
            {t.intro}
          </Text>
        </div>
        <Button color="red" onClick={() => setEditor({ opened: true, rule: null })}>
          + {t.add}
        </Button>
      </Group>

      {rulesQuery.isPending ? (
        <Group justify="center" py="xl">
          <Loader color="red" />
        </Group>
      ) : rules.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Text c="dimmed" ta="center">
            {t.empty}
          </Text>
        </Card>
      ) : (
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
                  <Tooltip label={t.edit}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={`${t.edit}: ${rule.data.title}`}
                      onClick={() => setEditor({ opened: true, rule })}
                    >
                      <EditIcon />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t.remove}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`${t.remove}: ${rule.data.title}`}
                      onClick={() => confirmRemove(rule)}
                    >
                      <TrashIcon />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              {rule.data.content.trim() && <Markdown source={rule.data.content} c="gray.8" />}
            </Card>
          ))}
        </Stack>
      )}

      <RuleEditor
        opened={editor.opened}
        rule={editor.rule}
        nextOrder={nextOrder}
        onClose={() => setEditor((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}
