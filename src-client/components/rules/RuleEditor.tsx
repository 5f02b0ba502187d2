/** The rule editor: title, order and Markdown beside its live preview (tabs on a phone). */
import { Group, NumberInput, Paper, ScrollArea, SimpleGrid, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { contractText } from '../../../src/messages/contract';
import { rulesText } from '../../../src/messages/rules';
import { type TRule, ZRuleDataSchema } from '../../../src/schemas/rules';
import { useEditorForm } from '../../hooks/useEditorForm';
import type { ModalItem } from '../../hooks/useModalItem';
import { useTRPC } from '../../trpc';
import { FormActions, FormModal } from '../FormModal';
import { formSaveHandlers } from '../formSave';
import { Markdown } from '../markdown/Markdown';

const t = rulesText;
const FIELDS = ['title', 'content', 'order'] as const;

// A type, not an interface: the zod resolver wants an index-signature-compatible shape.
type RuleFormValues = {
  title: string;
  content: string;
  order: number | string;
};

/** `modal` is the rules list's (the rule to edit, or null for a new one); a new rule takes `nextOrder`, after the last one. */
export function RuleEditor({ modal, nextOrder }: { modal: ModalItem<TRule>; nextOrder: number }) {
  const { item: rule, opened, close } = modal;
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const { form, saved } = useEditorForm<RuleFormValues, TRule>(ZRuleDataSchema, modal, trpc.rules.all.queryKey(), () =>
    rule ? { ...rule.data } : { title: '', content: '', order: nextOrder },
  );

  const create = useMutation(trpc.rules.create.mutationOptions(formSaveHandlers(form, contractText.created, t.createError, saved, FIELDS)));
  const update = useMutation(trpc.rules.update.mutationOptions(formSaveHandlers(form, contractText.updated, t.updateError, saved, FIELDS)));

  const submit = form.onSubmit((values) => {
    const data = ZRuleDataSchema.parse(values);
    if (rule) update.mutate({ _id: rule._id, changes: { data } });
    else create.mutate({ data });
  });

  const editor = (
    <Textarea
      label={t.content}
      description={t.markdownHint}
      placeholder={t.contentPlaceholder}
      autosize
      minRows={phone ? 10 : 16}
      maxRows={phone ? 18 : 22}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14 } }}
      {...form.getInputProps('content')}
    />
  );
  const preview = (
    <Stack gap={6} style={{ minWidth: 0 }}>
      <Text size="sm" fw={500}>
        {t.preview}
      </Text>
      <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="rule-preview" mih={phone ? 240 : 380}>
        <ScrollArea.Autosize mah={phone ? undefined : 470}>
          {form.values.title.trim() && (
            <Text fw={800} fz="lg" mb="xs">
              {form.values.title}
            </Text>
          )}
          {form.values.content.trim() ? (
            <Markdown source={form.values.content} />
          ) : (
            <Text c="dimmed" size="sm">
              {t.emptyPreview}
            </Text>
          )}
        </ScrollArea.Autosize>
      </Paper>
    </Stack>
  );

  return (
    <FormModal opened={opened} onClose={close} title={rule ? t.editTitle : t.createTitle} size="min(1180px, 96vw)" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="nowrap">
            <TextInput label={t.title} withAsterisk data-autofocus style={{ flex: 1 }} {...form.getInputProps('title')} />
            <NumberInput
              label={t.order}
              description={phone ? undefined : t.orderHint}
              allowDecimal={false}
              w={phone ? 96 : 160}
              style={{ flex: 'none' }}
              {...form.getInputProps('order')}
            />
          </Group>
          {phone ? (
            <Tabs defaultValue="write" keepMounted={false}>
              <Tabs.List grow mb="sm">
                <Tabs.Tab value="write">{t.write}</Tabs.Tab>
                <Tabs.Tab value="preview">{t.preview}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="write">{editor}</Tabs.Panel>
              <Tabs.Panel value="preview">{preview}</Tabs.Panel>
            </Tabs>
          ) : (
            <SimpleGrid cols={2} spacing="lg">
              {editor}
              {preview}
            </SimpleGrid>
          )}
          <FormActions onCancel={close} submitLabel={t.save} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </FormModal>
  );
}
