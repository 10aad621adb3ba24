import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { closedTour, prepareSteps, tourReducer, type TourState, type TourStep } from './tour-rules';

export interface GuidedTourControls {
  state: TourState;
  /** Opens at step 0 with the steps whose targets are on the page (closes at once if none). */
  start: (steps: TourStep[]) => void;
  next: () => void;
  prev: () => void;
  go: (index: number) => void;
  close: () => void;
}

/** The tour of one screen: its state and the spec §4 transitions. Light: no react-joyride here. */
export function useGuidedTour(): GuidedTourControls {
  const [state, dispatch] = useReducer(tourReducer, closedTour);
  const start = useCallback((steps: TourStep[]) => dispatch({ type: 'start', steps: prepareSteps(steps) }), []);
  const next = useCallback(() => dispatch({ type: 'next' }), []);
  const prev = useCallback(() => dispatch({ type: 'prev' }), []);
  const go = useCallback((index: number) => dispatch({ type: 'go', index }), []);
  const close = useCallback(() => dispatch({ type: 'close' }), []);
  return useMemo(() => ({ state, start, next, prev, go, close }), [state, start, next, prev, go, close]);
}

export interface TourOnceOptions {
  /** Local storage flag ('hasSeenEventListTour', 'hasSeenUploadTour'). */
  storageKey: string;
  steps: TourStep[];
  /** Start only once the screen shows its content (after loading). */
  ready: boolean;
  /** Spec §9: 1000 ms. */
  delayMs?: number;
}

/** Starts the tour once per browser, `delayMs` after the screen is ready, and remembers it. */
export function useTourOnce(start: (steps: TourStep[]) => void, { storageKey, steps, ready, delayMs = 1000 }: TourOnceOptions) {
  const stepsRef = useRef(steps);
  stepsRef.current = steps;
  useEffect(() => {
    if (!ready) return undefined;
    let seen = false;
    try {
      seen = localStorage.getItem(storageKey) === 'true';
    } catch {
      seen = false;
    }
    if (seen) return undefined;
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(storageKey, 'true');
      } catch {
        // private mode: the tour may show again
      }
      start(stepsRef.current);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [ready, storageKey, delayMs, start]);
}
