import { lazy, Suspense, useEffect, useState } from 'react';

import type * as ToastifyModule from 'react-toastify/unstyled';

type Toastify = typeof ToastifyModule;

// react-toastify is fetched with the first toast, not on every first visit: most guest pages never
// show one. Toasts sent before the container mounts wait in react-toastify's own queue. Its unstyled
// build with the stylesheet as a file: the default build injects a <style> element, which the
// page's Content-Security-Policy refuses (no inline styles).
let toastify: Promise<Toastify> | null = null;
const onFirstLoad = new Set<() => void>();

function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = Promise.all([import('react-toastify/unstyled'), import('react-toastify/ReactToastify.css')]).then(([module]) => module);
    onFirstLoad.forEach((notifyHost) => notifyHost());
  }
  return toastify;
}

/** Spec §9: top-right, closes after 5 s, one at a time, newest on top. */
const Container = lazy(async () => {
  const { ToastContainer, Slide } = await loadToastify();
  return {
    default: () => (
      <ToastContainer position="top-right" autoClose={5000} limit={1} newestOnTop transition={Slide} closeOnClick pauseOnFocusLoss={false} />
    ),
  };
});

/**
 * The one toast container of the page (the shell renders it). design-kit is a federation singleton,
 * so every remote's `notify` reaches this container.
 */
export function ToastHost() {
  const [wanted, setWanted] = useState(toastify !== null);
  useEffect(() => {
    if (wanted) return undefined;
    const show = () => setWanted(true);
    onFirstLoad.add(show);
    return () => {
      onFirstLoad.delete(show);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}

export const notify = {
  success: (message: string) => void loadToastify().then(({ toast }) => toast.success(message)),
  error: (message: string) => void loadToastify().then(({ toast }) => toast.error(message)),
  info: (message: string) => void loadToastify().then(({ toast }) => toast.info(message)),
  warning: (message: string) => void loadToastify().then(({ toast }) => toast.warning(message)),
};
