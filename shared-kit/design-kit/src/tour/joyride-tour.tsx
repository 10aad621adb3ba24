import { useEffect, useMemo } from 'react';
import { ACTIONS, EVENTS, Joyride, STATUS, type EventData, type Step, type TooltipRenderProps } from 'react-joyride';
import { theme } from '../theme/tokens';
import { formatText } from '../texts/format-text';
import type { TourStep, TourTexts } from './tour-rules';
import type { GuidedTourProps } from './guided-tour';
import './tour.css';

/** Spec §9 tour styling and behaviour. */
export const tourSettings = {
  maxWidth: 300,
  zIndex: 1000,
  scrollOffset: 20,
  /** The tooltip's position is refreshed this long after scrolling ends. */
  refreshAfterScrollMs: 10,
} as const;

/** Adds the hint to the first step (spec §4): click 'Próximo' to continue, and again if it does not advance. */
export function withFirstStepHint(steps: TourStep[], hint: string): TourStep[] {
  return steps.map((step, index) =>
    index === 0
      ? {
          ...step,
          content: (
            <>
              {step.content}
              <span className="mk-tour__hint">{hint}</span>
            </>
          ),
        }
      : step,
  );
}

/** Scrolls the step's target smoothly to the centre, then nudges the tooltip to reposition. */
function centreTarget(selector: string) {
  const element = document.querySelector<HTMLElement>(selector);
  if (!element || typeof element.scrollIntoView !== 'function') return;
  element.scrollIntoView({ behavior: 'smooth', block: 'center', inline: 'nearest' });
  const refresh = () => window.setTimeout(() => window.dispatchEvent(new Event('resize')), tourSettings.refreshAfterScrollMs);
  if ('onscrollend' in window) window.addEventListener('scrollend', refresh, { once: true });
  else setTimeout(refresh, 400);
}

function makeTooltip(texts: TourTexts) {
  return function TourTooltip({ step, index, size, isLastStep, backProps, closeProps, primaryProps, skipProps, tooltipProps }: TooltipRenderProps) {
    return (
      <div {...tooltipProps} className="mk-tour" aria-label={typeof step.title === 'string' ? step.title : undefined}>
        <button type="button" {...closeProps} className="mk-tour__close" aria-label={texts.close} title={texts.close}>
          ×
        </button>
        {step.title ? <h2 className="mk-tour__title">{step.title}</h2> : null}
        <div className="mk-tour__content">{step.content}</div>
        <p className="mk-tour__progress">{formatText(texts.progress, { n: index + 1, total: size })}</p>
        <div className="mk-tour__footer">
          <button type="button" {...skipProps} className="mk-tour__skip" aria-label={texts.skip} title={texts.skip}>
            {texts.skip}
          </button>
          <span className="mk-tour__spacer" />
          {index > 0 ? (
            <button type="button" {...backProps} className="mk-tour__back" aria-label={texts.back} title={texts.back}>
              {texts.back}
            </button>
          ) : null}
          <button
            type="button"
            {...primaryProps}
            className="mk-tour__primary"
            aria-label={isLastStep ? texts.last : texts.next}
            title={isLastStep ? texts.last : texts.next}
          >
            {isLastStep ? texts.last : texts.next}
          </button>
        </div>
      </div>
    );
  };
}

/** react-joyride 3 driven by the tour's state (controlled by `stepIndex`). Loaded lazily by GuidedTour. */
export default function JoyrideTour({ tour, texts }: GuidedTourProps) {
  const { state, next, prev, close } = tour;
  const steps = useMemo<Step[]>(
    () =>
      withFirstStepHint(state.steps, texts.firstStepHint).map((step) => ({
        target: step.target,
        content: step.content,
        title: step.title,
        placement: step.placement ?? 'bottom',
        skipBeacon: step.disableBeacon ?? true,
      })),
    [state.steps, texts.firstStepHint],
  );
  const Tooltip = useMemo(() => makeTooltip(texts), [texts]);

  const current = state.steps[state.index];
  useEffect(() => {
    if (current) centreTarget(current.target);
  }, [current]);

  const onEvent = (data: EventData) => {
    if (data.type === EVENTS.TOUR_END || data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) {
      close();
      return;
    }
    if (data.type === EVENTS.TARGET_NOT_FOUND) {
      // A step whose target went missing is skipped, in the direction of travel.
      if (data.action === ACTIONS.PREV) prev();
      else next();
      return;
    }
    if (data.type !== EVENTS.STEP_AFTER) return;
    if (data.action === ACTIONS.CLOSE || data.action === ACTIONS.SKIP) close();
    else if (data.action === ACTIONS.PREV) prev();
    else if (data.action === ACTIONS.NEXT) next();
  };

  return (
    <Joyride
      run={state.open}
      steps={steps}
      stepIndex={state.index}
      continuous
      scrollToFirstStep
      onEvent={onEvent}
      tooltipComponent={Tooltip}
      locale={{ back: texts.back, close: texts.close, last: texts.last, next: texts.next, skip: texts.skip }}
      options={{
        skipBeacon: true,
        showProgress: true,
        buttons: ['back', 'close', 'primary', 'skip'],
        closeButtonAction: 'skip',
        dismissKeyAction: 'close',
        overlayClickAction: false,
        blockTargetInteraction: false,
        // Centring is done smoothly by centreTarget; joyride's own scroll would fight it.
        skipScroll: true,
        scrollOffset: tourSettings.scrollOffset,
        primaryColor: theme.colors.accent,
        overlayColor: theme.colors.overlay,
        zIndex: tourSettings.zIndex,
        width: tourSettings.maxWidth,
        targetWaitTimeout: 500,
      }}
      styles={{ tooltip: { maxWidth: tourSettings.maxWidth } }}
    />
  );
}
