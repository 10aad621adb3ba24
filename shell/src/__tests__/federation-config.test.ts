/**
 * @jest-environment node
 */
import { expectPageWideSingletons } from '../../../test-support/federation-expectations';
import { federation } from '../../module-federation.config';

// Each remote checks its own settings the same way (its src/__tests__/federation-config.test.ts).
describe("the shell's module federation settings", () => {
  it('shares every page-wide module as a singleton', () => {
    expectPageWideSingletons(federation);
  });

  it('declares no build-time remotes: they come from remotes.json at start', () => {
    expect(federation.remotes).toEqual({});
  });
});
