/** /supporter and /giam-kham-token/:username: the judge's scoring pad. */
import { Text } from '@mantine/core';
import { messages } from '../../src/messages';
import { UnderConstruction } from '../components/UnderConstruction';

export default function SupporterPage({ username }: { username?: string }) {
  return (
    <UnderConstruction title={messages.screenTitles.supporter}>
      {username && <Text fw={600}>{messages.judgeLinkFor(username)}</Text>}
    </UnderConstruction>
  );
}
