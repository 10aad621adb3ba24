import { useState, useSyncExternalStore } from 'react';
import { readStored, writeStored } from '@momentos/api-client';
import { Button } from '@momentos/design-kit';
import { isAppleMobile, isStandalone } from './install-platform';
import { canPromptInstall, promptInstall, subscribeInstallPrompt } from './install-prompt';
import { texts } from './texts';
import './install-offer.css';

const DISMISSED = 'momentos-install-dismissed';

/**
 * 'Instalar o app' (issue 28), under the upload screen after a first successful upload: the
 * browser's install prompt where there is one, short instructions on iPhone; nothing in the
 * installed app or once the guest said 'Agora não'.
 */
export function InstallOffer() {
  const canPrompt = useSyncExternalStore(subscribeInstallPrompt, canPromptInstall, () => false);
  const [dismissed, setDismissed] = useState(() => readStored(DISMISSED) === '1');
  if (dismissed || isStandalone() || (!canPrompt && !isAppleMobile())) return null;
  const dismiss = () => {
    writeStored(DISMISSED, '1');
    setDismissed(true);
  };
  return (
    <section className="guest-install" aria-labelledby="guest-install-title">
      <h2 id="guest-install-title">{texts.title}</h2>
      <p>{texts.why}</p>
      {canPrompt ? (
        <Button onClick={() => void promptInstall().then((accepted) => accepted && dismiss())}>{texts.install}</Button>
      ) : (
        <p className="guest-install__steps">{texts.iphone}</p>
      )}
      <button type="button" className="guest-install__later" onClick={dismiss}>
        {texts.later}
      </button>
    </section>
  );
}
