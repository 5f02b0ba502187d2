/** The rules, the first one open, each rendered from its Markdown; or a note when there are none. */
import '@mantine/core/styles/Accordion.layer.css';
import { Accordion } from '@mantine/core';
import { homePageText } from '../../../src/messages/home';
import type { TRule } from '../../../src/schemas/rules';
import { Markdown } from '../markdown/Markdown';
import { EmptyNote } from './Section';

export function Rules({ rules }: { rules: TRule[] }) {
  if (rules.length === 0) return <EmptyNote>{homePageText.noRules}</EmptyNote>;
  return (
    <Accordion
      variant="separated"
      radius="lg"
      multiple
      defaultValue={rules[0] ? [rules[0]._id] : []}
      data-testid="home-rules"
      styles={{ item: { backgroundColor: 'white', borderColor: 'var(--mantine-color-gray-3)' }, label: { fontWeight: 700, fontSize: 18 } }}
    >
      {rules.map((rule) => (
        <Accordion.Item key={rule._id} value={rule._id}>
          <Accordion.Control>{rule.data.title}</Accordion.Control>
          <Accordion.Panel>
            <Markdown source={rule.data.content} c="gray.8" />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
