import type { TourStep } from '@momentos/design-kit';
import { texts } from '../../texts';

const { steps } = texts.tour;

/** Targets of the event list tour (data-tour attributes on the page). */
export const tourTargets = {
  header: '[data-tour="event-list-header"]',
  upcoming: '[data-tour="event-list-upcoming"]',
  finished: '[data-tour="event-list-finished"]',
  list: '[data-tour="event-list-list"]',
  options: '[data-tour="event-list-options"]',
} as const;

/** The 5 steps of spec §2, in order. */
export const eventListTourSteps: TourStep[] = [
  { target: tourTargets.header, title: steps.header.title, content: steps.header.content, placement: 'bottom' },
  { target: tourTargets.upcoming, title: steps.upcoming.title, content: steps.upcoming.content, placement: 'bottom' },
  { target: tourTargets.finished, title: steps.finished.title, content: steps.finished.content, placement: 'bottom' },
  { target: tourTargets.list, title: steps.list.title, content: steps.list.content, placement: 'top' },
  { target: tourTargets.options, title: steps.options.title, content: steps.options.content, placement: 'left' },
];

export const eventListTourTexts = {
  back: texts.tour.back,
  close: texts.tour.close,
  last: texts.tour.last,
  next: texts.tour.next,
  skip: texts.tour.skip,
  progress: texts.tour.progress,
  firstStepHint: texts.tour.firstStepHint,
};
