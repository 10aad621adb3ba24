/**
 * @jest-environment node
 */
import { expectPageWideSingletons, expectRemoteContract } from '../../../test-support/federation-expectations';
import { federation } from '../../module-federation.config';

describe('gallery_remote module federation settings', () => {
  it('shares every page-wide module as a singleton', () => {
    expectPageWideSingletons(federation);
  });

  it('is named gallery_remote and exposes only ./routes from remoteEntry.js', () => {
    expectRemoteContract(federation, 'gallery_remote');
  });
});
