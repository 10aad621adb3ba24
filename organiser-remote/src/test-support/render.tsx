import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useLocation } from '@momentos/design-kit';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { FreshDataCache } from '@momentos/api-client/testing';

/** An unsigned token with an exp: the client decodes it without verifying (spec §3). */
export function fakeToken(expiresInSeconds = 3600): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp, sub: 'test' })}.c2ln`;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders a page at a path inside a router, with a data cache of its own; the current path is
 * readable from `location`.
 */
export function renderAt(path: string, pattern: string, page: ReactElement) {
  return render(
    <FreshDataCache>
      {
        createMemoryAppRouter(
          [
            { path: pattern, element: <>{page}<Where /></> },
            { element: <><p>outra página</p><Where /></> },
          ],
          path,
        ).element
      }
    </FreshDataCache>,
  );
}
