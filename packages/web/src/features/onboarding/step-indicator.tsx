import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../ui';
import { STEP_LABELS, type StepId } from './steps';

export function StepIndicator({ steps, current }: { steps: readonly StepId[]; current: number }) {
  const { t } = useTranslation(['welcome']);
  return (
    <ol
      className="steps"
      aria-label={t('onboarding.progress', { current: current + 1, total: steps.length })}
    >
      {steps.map((id, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li
            key={id}
            className={`steps__item steps__item--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="steps__marker" aria-hidden="true">
              {state === 'done' ? <CheckIcon size={14} /> : index + 1}
            </span>
            <span className="steps__label">{t(STEP_LABELS[id])}</span>
          </li>
        );
      })}
    </ol>
  );
}
