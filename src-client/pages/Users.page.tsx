import { messages } from '../../src/messages';
import { UnderConstruction } from '../components/UnderConstruction';

export default function UsersPage() {
  return <UnderConstruction title={messages.screenTitles.users} />;
}
