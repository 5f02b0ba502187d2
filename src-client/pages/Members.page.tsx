import { messages } from '../../src/messages';
import { UnderConstruction } from '../components/UnderConstruction';

export default function MembersPage() {
  return <UnderConstruction title={messages.screenTitles.members} />;
}
