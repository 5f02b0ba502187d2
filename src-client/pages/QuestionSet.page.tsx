/** /user/fw-question… and /user/fw-question…/:_id: one of the six question sets, its list or one set by id. */
import { messages } from '../../src/messages';
import { UnderConstruction } from '../components/UnderConstruction';

export default function QuestionSetPage({ setNumber, id }: { setNumber: number; id?: string }) {
  const title = id ? messages.questionSetItemTitle(setNumber, id) : messages.questionSetTitle(setNumber);
  return <UnderConstruction title={title} />;
}
