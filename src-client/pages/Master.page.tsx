import { messages } from '../../src/messages';
import { UnderConstruction } from '../components/UnderConstruction';

export default function MasterPage() {
  return <UnderConstruction title={messages.screenTitles.master} />;
}
