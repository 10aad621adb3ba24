import type { ReactNode } from 'react';

/** A tour step (spec §3 'Tour step'): target selector, content (may hold markup), title, placement. */
export interface TourStep {
  target: string;
  content: ReactNode;
  title?: ReactNode;
  placement?: 'top' | 'bottom' | 'left' | 'right' | 'auto' | 'center';
  disableBeacon?: boolean;
}

/** The tour's words (spec §8 'Tour wording'), given by the screen that shows the tour. */
export interface TourTexts {
  back: string;
  close: string;
  last: string;
  next: string;
  skip: string;
  /** Counter with `{n}` and `{total}`: 'Passo {n} de {total}'. */
  progress: string;
  /** Added to the first step: click 'Próximo' to continue, and again if the tour does not advance. */
  firstStepHint: string;
}

/** Spec §4 'Guided tour': open or closed, with a current step index. */
export interface TourState {
  open: boolean;
  index: number;
  steps: TourStep[];
}

export type TourAction =
  | { type: 'start'; steps: TourStep[] }
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'go'; index: number }
  | { type: 'close' };

export const closedTour: TourState = { open: false, index: 0, steps: [] };

export const invalidStepsWarning = 'Steps are not valid';

/** Spec §5: a step needs a non-empty target selector and some content. */
export function areStepsValid(steps: unknown): steps is TourStep[] {
  if (!Array.isArray(steps)) return false;
  return steps.every(
    (step) =>
      typeof step === 'object' &&
      step !== null &&
      typeof (step as TourStep).target === 'string' &&
      (step as TourStep).target.trim() !== '' &&
      (step as TourStep).content !== undefined &&
      (step as TourStep).content !== null &&
      (step as TourStep).content !== '',
  );
}

/** On opening, steps whose target is not on the page are dropped. */
export function presentSteps(steps: TourStep[], root: ParentNode = document): TourStep[] {
  return steps.filter((step) => {
    try {
      return root.querySelector(step.target) !== null;
    } catch {
      return false;
    }
  });
}

/** Steps ready to show: validated (a console warning when not), present, beacon disabled. */
export function prepareSteps(steps: TourStep[], root: ParentNode = document): TourStep[] {
  if (!areStepsValid(steps)) {
    console.warn(invalidStepsWarning);
    return [];
  }
  return presentSteps(steps, root).map((step) => ({ ...step, disableBeacon: true }));
}

/** The tour state machine of spec §4 (pure, so it is tested without React). */
export function tourReducer(state: TourState, action: TourAction): TourState {
  switch (action.type) {
    case 'start':
      // If no step remains the tour closes at once.
      return action.steps.length > 0 ? { open: true, index: 0, steps: action.steps } : closedTour;
    case 'next':
      if (!state.open) return state;
      return state.index >= state.steps.length - 1 ? closedTour : { ...state, index: state.index + 1 };
    case 'prev':
      return state.open && state.index > 0 ? { ...state, index: state.index - 1 } : state;
    case 'go':
      if (!state.open) return state;
      if (action.index < 0 || action.index >= state.steps.length) return state;
      return { ...state, index: action.index };
    case 'close':
      return closedTour;
    default:
      return state;
  }
}
