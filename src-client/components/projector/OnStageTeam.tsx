/** The team on stage under its "on stage" label, its name shrunk to fit: the question's side card, the overlay's tab. */
import { projectorText } from '../../../src/messages/projector';
import { FitText } from './FitText';

export function OnStageTeam(props: {
  name: string;
  classes: { box?: string; label?: string; name?: string };
  /** The name's largest and smallest font size, in canvas pixels. */
  max: number;
  min: number;
  testId: string;
}) {
  const { name, classes, max, min, testId } = props;
  return (
    <div className={classes.box} data-testid={testId}>
      <div className={classes.label}>{projectorText.onStage}</div>
      <FitText className={classes.name} max={max} min={min} fitKey={name}>
        <span>{name}</span>
      </FitText>
    </div>
  );
}
