/** /user/fw-question… and /user/fw-question…/:_id: one of the six question sets, its list or one set by id. */
import { QuestionSetDetail } from '../components/questionSet/QuestionSetDetail';
import { QuestionSetList } from '../components/questionSet/QuestionSetList';

export default function QuestionSetPage({ setNumber, id }: { setNumber: number; id?: string }) {
  // A key per set and id, so moving between sets never carries one set's edits into another.
  return id ? (
    <QuestionSetDetail key={`${setNumber}/${id}`} setNumber={setNumber} id={id} />
  ) : (
    <QuestionSetList key={setNumber} setNumber={setNumber} />
  );
}
