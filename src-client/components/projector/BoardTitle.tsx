/** A board's title line (the judges' progress, the answers on screen, the speed round's results), with its subtitle in gold beside it. */
import { projectorText } from '../../../src/messages/projector';
import type { ShowState } from '../../../src/schemas/show';
import scene from './Scene.module.css';

export function BoardTitle({
  title,
  subtitle,
  className = scene.boardTitle,
}: {
  title: string;
  subtitle?: string | null;
  className?: string;
}) {
  return (
    <div className={className}>
      {title}
      {subtitle && <span className={scene.boardSubtitle}>{subtitle}</span>}
    </div>
  );
}

/** The subtitle of a board about the question on air: its number. */
export function questionSubtitle(system: Pick<ShowState, 'question'>): string | null {
  return system.question ? projectorText.questionLabel(system.question.index + 1) : null;
}
