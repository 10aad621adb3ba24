import { areStepsValid, closedTour, invalidStepsWarning, prepareSteps, tourReducer, type TourStep } from '../tour-rules';

const steps: TourStep[] = [
  { target: '#a', content: 'A', title: 'Um' },
  { target: '#b', content: 'B', title: 'Dois' },
  { target: '#c', content: 'C', title: 'Três' },
];

describe('tour state (spec §4 guided tour)', () => {
  it('starting with steps opens at step 0', () => {
    expect(tourReducer(closedTour, { type: 'start', steps })).toEqual({ open: true, index: 0, steps });
  });

  it('starting with no steps stays closed', () => {
    expect(tourReducer(closedTour, { type: 'start', steps: [] }).open).toBe(false);
  });

  it('next moves forward and closes on the last step', () => {
    let state = tourReducer(closedTour, { type: 'start', steps });
    state = tourReducer(state, { type: 'next' });
    expect(state.index).toBe(1);
    state = tourReducer(state, { type: 'next' });
    expect(state.index).toBe(2);
    state = tourReducer(state, { type: 'next' });
    expect(state.open).toBe(false);
  });

  it('previous moves back only above 0', () => {
    let state = tourReducer(closedTour, { type: 'start', steps });
    expect(tourReducer(state, { type: 'prev' }).index).toBe(0);
    state = tourReducer(state, { type: 'go', index: 2 });
    expect(state.index).toBe(2);
    expect(tourReducer(state, { type: 'prev' }).index).toBe(1);
  });

  it('go ignores indexes out of range and close ends the tour', () => {
    const state = tourReducer(closedTour, { type: 'start', steps });
    expect(tourReducer(state, { type: 'go', index: 7 }).index).toBe(0);
    expect(tourReducer(state, { type: 'close' })).toEqual(closedTour);
  });
});

describe('preparing steps', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    jest.restoreAllMocks();
  });

  it('drops steps whose target is not on the page and disables the beacon', () => {
    document.body.innerHTML = '<div id="a"></div><div id="c"></div>';
    const prepared = prepareSteps(steps);
    expect(prepared.map((step) => step.target)).toEqual(['#a', '#c']);
    expect(prepared.every((step) => step.disableBeacon)).toBe(true);
  });

  it("warns 'Steps are not valid' for invalid steps and gives none", () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    document.body.innerHTML = '<div id="a"></div>';
    expect(prepareSteps([{ target: '', content: 'x' }])).toEqual([]);
    expect(warn).toHaveBeenCalledWith(invalidStepsWarning);
    expect(invalidStepsWarning).toBe('Steps are not valid');
    expect(areStepsValid([{ target: '#a' }])).toBe(false);
    expect(areStepsValid(steps)).toBe(true);
  });
});
