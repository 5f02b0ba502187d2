/**
 * /user/fw-question… and /user/fw-question…/:_id: one of the six question sets, its list or one set by id;
 * for a round the event does not use (its title empty in the settings), a notice instead.
 */
import { Alert, Stack } from '@mantine/core';
import { questionSetsText } from '../../src/messages/questionSets';
import { QuestionSetDetail } from '../components/questionSet/QuestionSetDetail';
import { QuestionSetList } from '../components/questionSet/QuestionSetList';
import { useRoundTitle } from '../components/questionSet/RoundHeading';

export default function QuestionSetPage({ setNumber, id }: { setNumber: number; id?: string }) {
  // Undefined until the settings answer: the editor shows meanwhile, as it always did.
  const roundTitle = useRoundTitle(setNumber);
  if (roundTitle?.trim() === '') {
    return (
      <Stack maw={1180} mx="auto">
        <Alert color="yellow" variant="light" radius="md" title={questionSetsText.roundNotUsed} data-testid="round-not-used">
          {questionSetsText.roundNotUsedHint}
        </Alert>
      </Stack>
    );
  }
  // A key per set and id, so moving between sets never carries one set's edits into another.
  return id ? (
    <QuestionSetDetail key={`${setNumber}/${id}`} setNumber={setNumber} id={id} />
  ) : (
    <QuestionSetList key={setNumber} setNumber={setNumber} />
  );
}
