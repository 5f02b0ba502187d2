import { messages } from '../../src/messages';
import { UnderConstruction } from '../components/UnderConstruction';

export default function DashboardPage() {
  return <UnderConstruction title={messages.screenTitles.dashboard} />;
}
