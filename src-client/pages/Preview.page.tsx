import { messages } from '../../src/messages';
import { UnderConstruction } from '../components/UnderConstruction';

export default function PreviewPage() {
  return <UnderConstruction title={messages.screenTitles.preview} />;
}
