import { messages } from '../../src/messages';
import { UnderConstruction } from '../components/UnderConstruction';

export default function TeamPage() {
  return <UnderConstruction title={messages.screenTitles.team} />;
}
