/**
 * The rules on the projector. A chunk of its own, loaded when the rules first come on screen, so the
 * Markdown renderer is not part of the projector's first load.
 */
import { projectorText } from '../../../src/messages/projector';
import { useRemote } from '../../projector/useRemote';
import { trpcClient } from '../../trpcClient';
import markdownClasses from '../markdown/Markdown.module.css';
import { renderMarkdown } from '../markdown/render';
import { sortRules } from '../rules/sortRules';
import { FitText } from './FitText';
import classes from './RulesView.module.css';
import scene from './Scene.module.css';

export default function RulesView() {
  // Read again each time the rules come on screen, so an edit made during the night shows.
  const rules = sortRules(useRemote(() => trpcClient.rules.all.query())?.items ?? []);
  const key = rules.map((r) => `${r._id}:${r.data.title.length}:${r.data.content.length}`).join('|');
  return (
    <div className={classes.rules} data-testid="rules">
      <div className={scene.boardTitle}>{projectorText.rules}</div>
      {rules.length === 0 ? (
        <div className={scene.emptyNote}>{projectorText.noRules}</div>
      ) : (
        <FitText className={classes.rulesBody} max={44} min={20} fitKey={key}>
          {rules.map((rule) => (
            <div key={rule._id} className={classes.rule}>
              <div className={classes.ruleTitle}>{rule.data.title}</div>
              <div
                className={`${classes.ruleContent} ${markdownClasses.body}`}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: marked's output sanitised by DOMPurify (render.ts)
                dangerouslySetInnerHTML={{ __html: renderMarkdown(rule.data.content) }}
              />
            </div>
          ))}
        </FitText>
      )}
    </div>
  );
}
