/**
 * Opening an audience vote: which teams are on the ballot (every team by default), how many each
 * person may choose, whether a ballot may be changed, and whether it ends by hand or after N minutes
 * (counted on the server's clock, through the console's clock balance).
 */
import { Button, Checkbox, Group, NumberInput, Radio, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { masterText } from '../../../src/messages/master';
import type { TTeamListItem } from '../../../src/schemas/system';
import type { TVoteUpdate } from '../../../src/schemas/vote';

const V = masterText.vote;
const MAX_CHOICES = 10;
const DEFAULT_MINUTES = 5;

type Closing = 'manual' | 'auto';

export function VoteForm({
  listTeam,
  balance,
  pending,
  onOpen,
}: {
  listTeam: TTeamListItem[];
  balance: number;
  pending: boolean;
  onOpen: (input: Extract<TVoteUpdate, { open: true }>) => void;
}) {
  // null: every team, as the list stands when the vote opens.
  const [picked, setPicked] = useState<string[] | null>(null);
  const [choices, setChoices] = useState(1);
  const [changeable, setChangeable] = useState(false);
  const [closing, setClosing] = useState<Closing>('manual');
  const [minutes, setMinutes] = useState<number | string>(DEFAULT_MINUTES);

  // A team removed since it was ticked drops out.
  const teamIds = picked ? picked.filter((id) => listTeam.some((t) => t._id === id)) : listTeam.map((t) => t._id);
  const maxChoices = Math.max(1, Math.min(MAX_CHOICES, teamIds.length));
  const validMinutes = typeof minutes === 'number' && minutes > 0;
  const ready = teamIds.length >= 2 && (closing === 'manual' || validMinutes);

  const open = () => {
    // Server time is local time minus the balance.
    const closesAt = closing === 'auto' && validMinutes ? Math.round(Date.now() - balance + minutes * 60_000) : null;
    onOpen({ open: true, teamIds, choices: Math.min(choices, maxChoices), changeable, closesAt });
  };

  return (
    <Stack gap={10} data-testid="vote-form">
      <Checkbox.Group label={V.teams} value={teamIds} onChange={setPicked} size="sm">
        <SimpleGrid cols={2} spacing={6} verticalSpacing={6} mt={6}>
          {listTeam.map((team) => (
            <Checkbox key={team._id} value={team._id} label={team.name} size="sm" data-testid="vote-team" />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Group align="flex-start" gap="md" wrap="wrap">
        <NumberInput
          label={V.choices}
          value={Math.min(choices, maxChoices)}
          onChange={(value) => setChoices(typeof value === 'number' ? value : 1)}
          min={1}
          max={maxChoices}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          size="xs"
          w={200}
        />
        <Switch
          label={V.changeable}
          description={V.changeableHint}
          checked={changeable}
          onChange={(event) => setChangeable(event.currentTarget.checked)}
          size="sm"
          mt={4}
          style={{ flex: 1, minWidth: 200 }}
        />
      </Group>
      <Radio.Group label={V.closing} value={closing} onChange={(value) => setClosing(value as Closing)} size="sm">
        <Group gap="md" mt={6} align="center">
          <Radio value="manual" label={V.manualClose} />
          <Radio value="auto" label={V.autoClose(minutes)} />
          <NumberInput
            aria-label={V.minutes}
            value={minutes}
            onChange={setMinutes}
            onFocus={() => setClosing('auto')}
            min={1}
            max={180}
            allowDecimal={false}
            allowNegative={false}
            size="xs"
            w={80}
          />
        </Group>
      </Radio.Group>
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c={teamIds.length < 2 ? 'red.7' : 'dimmed'}>
          {teamIds.length < 2 ? V.needTwoTeams : V.choicesInfo(Math.min(choices, maxChoices))}
        </Text>
        <Button size="sm" color="grape" onClick={open} disabled={!ready} loading={pending}>
          {V.open}
        </Button>
      </Group>
    </Stack>
  );
}
