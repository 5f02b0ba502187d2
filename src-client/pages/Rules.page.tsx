import { messages } from '../../src/messages';
import { UnderConstruction } from '../components/UnderConstruction';

export default function RulesPage() {
  return <UnderConstruction title={messages.screenTitles.rules} />;
}
