/**
 * Adding or editing one question, validated with the server's ZQuestionSchema: content, options as an
 * editable list, the answer (picked among the options when there are some), explanation, point ("7,5"
 * reads as 7.5), time limit, and media from a URL or an uploaded file.
 */
import '@mantine/dropzone/styles.layer.css';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { contractText } from '../../../src/messages/contract';
import { questionSetsText } from '../../../src/messages/questionSets';
import { validationText } from '../../../src/messages/validation';
import { optionLetter, rightOptionIndex } from '../../../src/questionAnswer';
import { MEDIA_KINDS, mediaKindOfUrl, type TMedia, ZQuestionSchema } from '../../../src/schemas/questionSet';
import { formatPoint, parsePoint } from '../../../src/valueFormat';
import { useFillOnOpen } from '../../hooks/useFillOnOpen';
import { errorMessage, useTRPC } from '../../trpc';
import { FormActions } from '../FormModal';
import { IconAction } from '../IconAction';
import { notifyError } from '../notify';
import type { DraftQuestion } from './draft';
import { FieldHeading } from './FieldHeading';
import { errorData, fileToBase64 } from './helpers';
import { MediaPreview } from './MediaPreview';
import { TrashIcon } from './QuestionCard';

const MEDIA_MAX_MB = 20;
const MAX_OPTIONS = 10;

interface FormValues {
  content: string;
  options: string[];
  answer: string;
  explanation: string;
  point: string;
  timeLimit: number | string;
  mediaUrl: string;
  mediaKind: TMedia['kind'];
}

function toValues(question: DraftQuestion | null): FormValues {
  // An answer stored as a letter ("B") opens as its option's text, which is what saving stores.
  const right = question ? rightOptionIndex(question) : -1;
  const answer = (right >= 0 ? question?.options[right]?.trim() : question?.answer) ?? '';
  return {
    content: question?.content ?? '',
    options: question ? [...question.options] : ['', '', '', ''],
    answer,
    explanation: question?.explanation ?? '',
    point: question ? formatPoint(question.point).replace(/,0$/, '') : '10',
    timeLimit: question?.timeLimit ?? 30,
    mediaUrl: question?.media?.url ?? '',
    mediaKind: question?.media?.kind ?? 'image',
  };
}

/** The form's values as the schema's input; blank options are dropped. */
function toInput(values: FormValues) {
  const options = values.options.map((o) => o.trim()).filter(Boolean);
  const url = values.mediaUrl.trim();
  return {
    content: values.content,
    options,
    answer: values.answer,
    explanation: values.explanation,
    point: parsePoint(values.point) ?? Number.NaN,
    timeLimit: typeof values.timeLimit === 'number' ? values.timeLimit : Number.NaN,
    media: url ? { kind: values.mediaKind, url } : null,
  };
}

function validate(values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const input = toInput(values);
  if (parsePoint(values.point) === null) errors.point = questionSetsText.pointInvalid;
  const result = ZQuestionSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      let key = issue.path.map(String).join('.');
      if (key.startsWith('media')) key = 'mediaUrl';
      if (key.startsWith('options.')) {
        // The schema saw the list without blanks; point at the same option in the form.
        const filled = values.options.map((o, i) => (o.trim() ? i : -1)).filter((i) => i >= 0);
        key = `options.${filled[Number(issue.path[1])] ?? 0}`;
      }
      errors[key || 'content'] ??= issue.message;
    }
  }
  if (input.options.length && input.answer.trim() && !input.options.includes(input.answer.trim())) {
    errors.answer ??= questionSetsText.answerNotInOptions;
  }
  return errors;
}

interface Props {
  opened: boolean;
  /** The question edited, or null for a new one. */
  question: DraftQuestion | null;
  heading: string;
  onClose(): void;
  onSave(question: Omit<DraftQuestion, 'key' | 'id'>): void;
}

export function QuestionFormModal({ opened, question, heading, onClose, onSave }: Props) {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const form = useForm<FormValues>({ initialValues: toValues(null), validate });
  const upload = useMutation(trpc.media.upload.mutationOptions());
  const [uploadError, setUploadError] = useState('');

  useFillOnOpen(form, { opened, item: question, values: () => toValues(question), onFill: () => setUploadError('') });

  const options = form.values.options;
  const filledOptions = [...new Set(options.map((o) => o.trim()).filter(Boolean))];

  const setOption = (index: number, text: string) => {
    const old = options[index]?.trim();
    form.setFieldValue(`options.${index}`, text);
    // Renaming the right option keeps it the right one.
    if (old && old === form.values.answer.trim()) form.setFieldValue('answer', text.trim());
  };
  const removeOption = (index: number) => {
    if (options[index]?.trim() === form.values.answer.trim()) form.setFieldValue('answer', '');
    form.removeListItem('options', index);
  };

  const uploadFile = async (file: File) => {
    setUploadError('');
    try {
      const { media } = await upload.mutateAsync({
        fileName: file.name,
        contentType: file.type || 'application/octet-stream',
        dataBase64: await fileToBase64(file),
      });
      form.setFieldValue('mediaUrl', media.url);
      form.setFieldValue('mediaKind', media.kind);
      form.clearFieldError('mediaUrl');
    } catch (error) {
      setUploadError(errorMessage(error));
      notifyError(questionSetsText.mediaUploadError, error);
      if (errorData(error).field) form.setFieldError('mediaUrl', errorMessage(error));
    }
  };

  const rejected = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setUploadError(code === 'file-too-large' ? validationText.mediaTooLarge(MEDIA_MAX_MB) : validationText.mediaTypeInvalid);
  };

  const submit = form.onSubmit((values) => {
    const parsed = ZQuestionSchema.parse(toInput(values));
    onSave({
      content: parsed.content,
      options: parsed.options,
      answer: parsed.answer,
      explanation: parsed.explanation,
      media: parsed.media,
      point: parsed.point,
      timeLimit: parsed.timeLimit,
    });
  });

  const mediaUrl = form.values.mediaUrl.trim();
  const previewable = /^(https?:\/\/|\/media\/)/.test(mediaUrl);

  return (
    <Modal opened={opened} onClose={onClose} title={heading} size="xl" centered fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label={questionSetsText.content}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            data-autofocus
            {...form.getInputProps('content')}
          />

          <Stack gap={6}>
            <div>
              <FieldHeading title={questionSetsText.options} hint={questionSetsText.optionsHint} fw={500} />
            </div>
            {options.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the form edits options by position (Mantine form paths are indexes)
              <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                <Text fw={800} w={22} ta="center" mt={6} c="gray.7">
                  {optionLetter(index)}
                </Text>
                <TextInput
                  style={{ flex: 1 }}
                  placeholder={questionSetsText.optionPlaceholder(optionLetter(index))}
                  aria-label={questionSetsText.optionPlaceholder(optionLetter(index))}
                  {...form.getInputProps(`options.${index}`)}
                  onChange={(e) => setOption(index, e.currentTarget.value)}
                />
                <IconAction
                  tooltip={questionSetsText.removeOption}
                  label={`${questionSetsText.removeOption} ${optionLetter(index)}`}
                  size="lg"
                  mt={2}
                  onClick={() => removeOption(index)}
                >
                  <TrashIcon />
                </IconAction>
              </Group>
            ))}
            {options.length < MAX_OPTIONS && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                style={{ alignSelf: 'flex-start' }}
                onClick={() => form.insertListItem('options', '')}
              >
                + {questionSetsText.addOption}
              </Button>
            )}
          </Stack>

          {filledOptions.length > 0 ? (
            <Select
              label={questionSetsText.answer}
              placeholder={questionSetsText.answerPick}
              data={filledOptions.map((o) => ({ value: o, label: `${optionLetter(options.findIndex((x) => x.trim() === o))}. ${o}` }))}
              allowDeselect={false}
              {...form.getInputProps('answer')}
              value={form.values.answer.trim() || null}
              onChange={(value) => form.setFieldValue('answer', value ?? '')}
            />
          ) : (
            <Textarea label={questionSetsText.answer} autosize minRows={1} maxRows={5} {...form.getInputProps('answer')} />
          )}

          <Textarea label={questionSetsText.explanation} autosize minRows={2} maxRows={6} {...form.getInputProps('explanation')} />

          <Group grow align="flex-start">
            <TextInput label={questionSetsText.point} inputMode="decimal" {...form.getInputProps('point')} />
            <NumberInput label={questionSetsText.timeLimit} min={0} max={3600} allowDecimal={false} {...form.getInputProps('timeLimit')} />
          </Group>

          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {questionSetsText.media}
            </Text>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                aria-label={questionSetsText.mediaUrl}
                placeholder={questionSetsText.mediaUrlHint}
                {...form.getInputProps('mediaUrl')}
                onChange={(e) => {
                  const url = e.currentTarget.value;
                  form.setFieldValue('mediaUrl', url);
                  const kind = mediaKindOfUrl(url);
                  if (kind) form.setFieldValue('mediaKind', kind);
                }}
              />
              <Select
                w={140}
                aria-label={questionSetsText.mediaKind}
                data={MEDIA_KINDS.map((k) => ({ value: k, label: questionSetsText.mediaKinds[k] }))}
                allowDeselect={false}
                value={form.values.mediaKind}
                onChange={(value) => value && form.setFieldValue('mediaKind', value as TMedia['kind'])}
              />
              {mediaUrl && (
                <Button variant="default" onClick={() => form.setFieldValue('mediaUrl', '')}>
                  {questionSetsText.mediaRemove}
                </Button>
              )}
            </Group>
            {previewable && <MediaPreview media={{ kind: form.values.mediaKind, url: mediaUrl }} maxHeight={160} />}
            <Dropzone
              onDrop={(files) => files[0] && void uploadFile(files[0])}
              onReject={rejected}
              accept={['image/*', 'audio/*', 'video/*']}
              maxSize={MEDIA_MAX_MB * 1024 * 1024}
              multiple={false}
              loading={upload.isPending}
              radius="md"
              data-testid="media-dropzone"
            >
              <Stack align="center" gap={2} py="xs" style={{ pointerEvents: 'none' }}>
                <FieldHeading title={questionSetsText.mediaDrop} hint={questionSetsText.mediaDropHint} fw={600} />
              </Stack>
            </Dropzone>
            {uploadError && (
              <Text size="sm" c="red.7" data-testid="media-error">
                {uploadError}
              </Text>
            )}
          </Stack>

          <FormActions onCancel={onClose} submitLabel={contractText.agree} />
        </Stack>
      </form>
    </Modal>
  );
}
