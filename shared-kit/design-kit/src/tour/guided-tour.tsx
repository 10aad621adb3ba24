import { lazy, Suspense } from 'react';
import type { TourTexts } from './tour-rules';
import type { GuidedTourControls } from './use-guided-tour';

export interface GuidedTourProps {
  tour: GuidedTourControls;
  texts: TourTexts;
}

// react-joyride is loaded only when a tour opens: screens (and the shell's first chunk) stay light.
const JoyrideTour = lazy(() => import('./joyride-tour'));

/** The guided tour of a screen (spec §4, §9 styling and wording); renders nothing while closed. */
export function GuidedTour({ tour, texts }: GuidedTourProps) {
  if (!tour.state.open) return null;
  return (
    <Suspense fallback={null}>
      <JoyrideTour tour={tour} texts={texts} />
    </Suspense>
  );
}
