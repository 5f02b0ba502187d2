/**
 * How the set's round runs (its format), edited with the rest of the draft and saved with "Lưu".
 * Each kind shows its own numbers, prefilled with the defaults the server would use.
 */
import {
  Button,
  Card,
  FileButton,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { questionSetsText } from '../../../src/messages/questionSets';
import {
  buzzerRuleOf,
  FORMAT_KINDS,
  type FormatKind,
  formatWithDefaults,
  type TBuzzerRule,
  type TFormat,
  type TObstacleFormat,
} from '../../../src/schemas/roundFormat';
import { useTRPC } from '../../trpc';
import { notifyError } from '../notify';
import { FieldHeading } from './FieldHeading';
import { fileToBase64 } from './helpers';
import { MediaPreview } from './MediaPreview';

const t = questionSetsText.format;

interface Props {
  format: TFormat;
  /** The server's message for a field of the format (its path below `changes.format`), if any. */
  errors: Record<string, string>;
  onChange(format: TFormat): void;
}

export function FormatCard({ format, errors, onChange }: Props) {
  // Another kind starts from its defaults; the buzzer rule, common to every kind, stays.
  const change = (kind: FormatKind) =>
    onChange(kind === format.kind ? format : { ...formatWithDefaults(kind), ...(format.buzzer ? { buzzer: format.buzzer } : {}) });
  const seconds = (label: string, name: 'timeLimit' | 'stealSeconds', value: number) => (
    <Seconds label={label} value={value} error={errors[name]} onChange={(v) => onChange({ ...format, [name]: v } as TFormat)} />
  );
  const list = <V,>(field: ListField<V>, name: 'placePoints' | 'packages', value: V) => (
    <ListInput list={field} value={value} error={errors[name]} onChange={(v) => onChange({ ...format, [name]: v } as TFormat)} />
  );
  return (
    <Card withBorder radius="lg" padding="md" data-testid="format-card">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t.heading}
        </Title>
        <SegmentedControl
          color="red"
          fullWidth
          aria-label={t.heading}
          data={FORMAT_KINDS.map((value) => ({ value, label: t.kinds[value] }))}
          value={format.kind}
          onChange={(value) => change(value as FormatKind)}
        />
        <Text size="sm" c="dimmed">
          {t.hints[format.kind]}
        </Text>
        {errors[''] && (
          <Text size="sm" c="red" role="alert">
            {errors['']}
          </Text>
        )}
        {format.kind === 'speed' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {seconds(t.timeLimit, 'timeLimit', format.timeLimit)}
            {list(PLACE_POINTS, 'placePoints', format.placePoints)}
          </SimpleGrid>
        )}
        {format.kind === 'obstacle' && <ObstacleFields format={format} errors={errors} onChange={onChange} />}
        {format.kind === 'finish' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {list(PACKAGE_LIST, 'packages', format.packages)}
            {seconds(t.stealSeconds, 'stealSeconds', format.stealSeconds)}
          </SimpleGrid>
        )}
        {format.kind === 'judged' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {seconds(t.performanceTime, 'timeLimit', format.timeLimit)}
            <Text size="sm" c="dimmed" style={{ alignSelf: 'center' }}>
              {t.judgedFields}
            </Text>
          </SimpleGrid>
        )}
        <BuzzerFields format={format} errors={errors} onChange={onChange} />
      </Stack>
    </Card>
  );
}

/** Every format's buzzer questions: what a wrong answer costs, and whether the clock stops while a team answers. */
function BuzzerFields({ format, errors, onChange }: Props) {
  const rule = buzzerRuleOf(format);
  const set = (change: Partial<TBuzzerRule>) => onChange({ ...format, buzzer: { ...rule, ...change } });
  return (
    <Stack gap={6} data-testid="format-buzzer">
      <FieldHeading title={t.buzzer} hint={t.buzzerHint} fw={700} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t.wrongPenalty}
          description={t.wrongPenaltyHint}
          min={0}
          max={1000}
          value={rule.wrongPenalty}
          error={errors['buzzer.wrongPenalty'] ?? errors.buzzer}
          onChange={(v) => set({ wrongPenalty: typeof v === 'number' ? v : rule.wrongPenalty })}
        />
        <Switch
          label={t.pauseTimer}
          description={t.pauseTimerHint}
          color="red"
          checked={rule.pauseTimer}
          onChange={(e) => set({ pauseTimer: e.currentTarget.checked })}
          style={{ alignSelf: 'center' }}
        />
      </SimpleGrid>
    </Stack>
  );
}

function ObstacleFields({
  format,
  errors,
  onChange,
}: {
  format: TObstacleFormat;
  errors: Record<string, string>;
  onChange(f: TFormat): void;
}) {
  const trpc = useTRPC();
  const upload = useMutation(trpc.media.upload.mutationOptions());
  const set = (change: Partial<TObstacleFormat>) => onChange({ ...format, ...change });
  const text = (name: 'keyword' | 'centreClue', label: string, description: string) => (
    <TextInput
      label={label}
      description={description}
      value={format[name]}
      error={errors[name]}
      onChange={(e) => set({ [name]: e.currentTarget.value })}
    />
  );
  const points = (name: 'rowPoints' | 'cluePoints', label: string) => (
    <NumberInput
      label={label}
      value={format[name]}
      min={0}
      error={errors[name]}
      onChange={(v) => set({ [name]: typeof v === 'number' ? v : format[name] })}
    />
  );
  const uploadPicture = async (file: File | null) => {
    if (!file) return;
    try {
      const { media } = await upload.mutateAsync({
        fileName: file.name,
        contentType: file.type || 'application/octet-stream',
        dataBase64: await fileToBase64(file),
      });
      set({ picture: { kind: 'image', url: media.url } });
    } catch (error) {
      notifyError(questionSetsText.mediaUploadError, error);
    }
  };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {text('keyword', t.keyword, t.keywordHint)}
        {text('centreClue', t.centreClue, t.centreClueHint)}
      </SimpleGrid>
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label={t.picture}
          description={t.pictureHint}
          style={{ flex: '1 1 280px' }}
          value={format.picture?.url ?? ''}
          error={errors.picture ?? errors['picture.url']}
          onChange={(e) => {
            const url = e.currentTarget.value;
            set({ picture: url.trim() ? { kind: 'image', url } : null });
          }}
        />
        <FileButton accept="image/png,image/jpeg,image/webp,image/gif" onChange={(file) => void uploadPicture(file)}>
          {(props) => (
            <Button variant="default" loading={upload.isPending} {...props}>
              {t.uploadPicture}
            </Button>
          )}
        </FileButton>
      </Group>
      {format.picture && <MediaPreview media={format.picture} />}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <NumberInput
          label={t.tiles}
          allowDecimal={false}
          min={1}
          max={12}
          value={format.tiles}
          error={errors.tiles}
          onChange={(v) => set({ tiles: typeof v === 'number' ? v : format.tiles })}
        />
        <Seconds
          label={t.rowTime}
          value={format.rowTimeLimit}
          error={errors.rowTimeLimit}
          onChange={(rowTimeLimit) => set({ rowTimeLimit })}
        />
        {points('rowPoints', t.rowPoints)}
        {points('cluePoints', t.cluePoints)}
      </SimpleGrid>
      <ListInput
        list={KEYWORD_POINTS}
        value={format.keywordPoints}
        error={errors.keywordPoints}
        onChange={(v) => set({ keywordPoints: v })}
      />
    </Stack>
  );
}

function Seconds({ label, value, error, onChange }: { label: string; value: number; error?: string; onChange(v: number): void }) {
  return (
    <NumberInput
      label={label}
      suffix={` ${t.secondsSuffix}`}
      allowDecimal={false}
      min={1}
      max={3600}
      value={value}
      error={error}
      onChange={(v) => onChange(typeof v === 'number' ? v : value)}
    />
  );
}

/** How a list field reads and shows its value. */
interface ListFormat<T> {
  /** The value as the field shows it. */
  text(value: T): string;
  /** The typed text's value, or null while a part of it does not read. */
  parse(text: string): T | null;
  /** Whether the typed text already stands for `value` (it is then left as typed). */
  reads(text: string, value: T): boolean;
  invalid: string;
  inputMode?: 'decimal';
}

/** A list field of the format: how it reads, and its label and hint. */
type ListField<T> = ListFormat<T> & { label: string; description: string };

/** Points as "40, 30, 20, 10". */
const POINTS: ListFormat<number[]> = {
  text: (value) => value.join(', '),
  parse: parseList,
  reads: (text, value) => sameList(parseList(text), value),
  invalid: t.pointListInvalid,
  inputMode: 'decimal',
};

/** The finish round's packages as "20-20-20; 20-20-30". */
const PACKAGES: ListFormat<number[][]> = {
  text: packagesText,
  parse: parsePackages,
  reads: (text, value) => packagesText(parsePackages(text) ?? []) === packagesText(value),
  invalid: t.packagesInvalid,
};

const PLACE_POINTS: ListField<number[]> = { ...POINTS, label: t.placePoints, description: t.placePointsHint };
const KEYWORD_POINTS: ListField<number[]> = { ...POINTS, label: t.keywordPoints, description: t.keywordPointsHint };
const PACKAGE_LIST: ListField<number[][]> = { ...PACKAGES, label: t.packages, description: t.packagesHint };

/** A list typed as text: the text is kept as typed; the value changes once every part reads. */
function ListInput<T>({ list, value, error, onChange }: { list: ListField<T>; value: T; error?: string; onChange(v: T): void }) {
  const [text, setText] = useState(list.text(value));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText((current) => (list.reads(current, value) ? current : list.text(value)));
  }, [list, value]);
  return (
    <TextInput
      label={list.label}
      description={list.description}
      inputMode={list.inputMode}
      value={text}
      error={invalid ? list.invalid : error}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const parsed = list.parse(next);
        setInvalid(!parsed);
        if (parsed) onChange(parsed);
      }}
    />
  );
}

function packagesText(packages: number[][]): string {
  return packages.map((p) => p.join('-')).join('; ');
}

function parsePackages(text: string): number[][] | null {
  const packages = text
    .split(/[;\n]+/)
    .map((p) =>
      p
        .split(/[-,\s]+/)
        .filter(Boolean)
        .map(Number),
    )
    .filter((p) => p.length > 0);
  if (!packages.length) return null;
  return packages.every((p) => p.every((n) => Number.isInteger(n) && n > 0)) ? packages : null;
}

function parseList(text: string): number[] | null {
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  if (!parts.length) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => Number.isFinite(n) && n >= 0) ? numbers : null;
}

function sameList(a: number[] | null, b: number[]): boolean {
  return !!a && a.length === b.length && a.every((n, i) => n === b[i]);
}
