import { stepStates } from '../../domain/steps';

type StepsIndicatorProps<Step extends string> = {
  /** The list's name ("Purchase steps"). */
  label: string;
  /** The steps in order (e.g. `PURCHASE_STEPS`) with their names. */
  steps: readonly { id: Step; name: string }[];
  current: Step;
  /** Said after a step that is behind the fan ("completed"); only screen readers hear it, the tick shows it. */
  doneText: string;
};

/**
 * Where the fan is in a multi-step flow: an ordered list, the current step marked
 * `aria-current="step"`, the ones behind a tick and, in words, "completed". On a phone only the
 * current step's name shows beside the numbers; the others' stay in the text for screen readers.
 */
export function StepsIndicator<Step extends string>({ label, steps, current, doneText }: StepsIndicatorProps<Step>) {
  const names = new Map(steps.map((step) => [step.id, step.name]));
  const states = stepStates(
    steps.map((step) => step.id),
    current,
  );
  return (
    <ol className="steps" aria-label={label}>
      {states.map(({ step, number, state }) => (
        <li key={step} className="steps__step" data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
          <span className="steps__marker" aria-hidden="true">
            {state === 'done' ? '✓' : number}
          </span>
          <span className="steps__name">
            {names.get(step)}
            {state === 'done' ? <span className="visually-hidden">, {doneText}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
