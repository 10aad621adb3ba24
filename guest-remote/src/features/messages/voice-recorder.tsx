import { useRef } from 'react';
import { Button, formatText } from '@momentos/design-kit';
import { texts } from './texts';
import { clock, type RecorderState } from './use-voice-recorder';

interface VoiceRecorderProps {
  state: RecorderState;
  maxSeconds: number;
  onStart: () => void;
  onStop: () => void;
  onReset: () => void;
  disabled?: boolean;
}

/** 'Gravar recado de voz' → a visible counter and 'Parar' → 'Ouvir' and 'Regravar'. */
export function VoiceRecorder({ state, maxSeconds, onStart, onStop, onReset, disabled }: VoiceRecorderProps) {
  const player = useRef<HTMLAudioElement>(null);
  if (state.kind === 'recording') {
    return (
      <div className="guest-recorder guest-recorder--recording">
        <span className="guest-recorder__dot" aria-hidden="true" />
        <span className="guest-recorder__counter" role="timer" aria-live="off" aria-label={texts.recording}>
          {formatText(texts.elapsed, { elapsed: clock(state.seconds), max: clock(maxSeconds) })}
        </span>
        <Button variant="danger" onClick={onStop}>
          {texts.stop}
        </Button>
      </div>
    );
  }
  if (state.kind === 'recorded') {
    return (
      <div className="guest-recorder">
        <p className="guest-recorder__ready" role="status">
          {formatText(texts.recorded, { elapsed: clock(state.seconds) })}
        </p>
        {/* The guest's own recording, just made: nothing to caption it with. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <audio ref={player} src={state.url} preload="metadata" className="guest-recorder__audio" controls aria-label={texts.voiceMessage} />
        <div className="guest-recorder__actions">
          <Button variant="secondary" onClick={() => void player.current?.play()} disabled={disabled}>
            {texts.listen}
          </Button>
          <Button variant="secondary" onClick={() => (onReset(), onStart())} disabled={disabled}>
            {texts.rerecord}
          </Button>
          <Button variant="secondary" onClick={onReset} disabled={disabled}>
            {texts.discard}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="guest-recorder">
      <Button variant="secondary" onClick={onStart} disabled={disabled}>
        {texts.record}
      </Button>
      {state.kind === 'failed' ? (
        <p className="guest-recorder__error" role="alert">
          {state.reason === 'denied' ? texts.microphoneDenied : texts.recorderUnsupported}
        </p>
      ) : null}
    </div>
  );
}
