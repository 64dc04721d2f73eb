/**
 * One video tile: the stream in a muted <video> (sound comes from the meeting sound), or a name
 * placeholder when the video is off or hidden; optional overlays with the name and the signal
 * level, a highlight while the participant talks, and an inset (picture in picture).
 */
import { useEffect, useRef, type CSSProperties, type ReactNode, type Ref } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { SignalLevel } from './signal';
import { avatarColour, initialsOf } from './mediaModel';

export type TileMode = 'live' | 'off' | 'hidden';

export interface VideoTileProps {
  /** the stream to show; null shows the placeholder */
  stream: MediaStream | null;
  kind?: 'participant' | 'content';
  usrId: string;
  name: string;
  /** live: the video; off: the server reports it off; hidden: the viewer hid video */
  mode: TileMode;
  /** the name overlay */
  showName?: boolean;
  /** the signal overlay; undefined draws none, null while unknown */
  signal?: SignalLevel | null;
  /** highlighted as talking */
  talking?: boolean;
  /** the <video> element, for picture-in-picture */
  videoRef?: Ref<HTMLVideoElement>;
  /** an inset drawn over the tile */
  children?: ReactNode;
  style?: CSSProperties;
  testId?: string;
}

export function VideoTile({
  stream,
  kind = 'participant',
  usrId,
  name,
  mode,
  showName,
  signal,
  talking,
  videoRef,
  children,
  style,
  testId = 'video-tile',
}: VideoTileProps) {
  const { t } = useLingui();
  const own = useRef<HTMLVideoElement | null>(null);
  const live = mode === 'live' && stream !== null;

  useEffect(() => {
    const el = own.current;
    if (!el) return;
    if (el.srcObject !== stream) el.srcObject = stream;
    // muted video may always autoplay; a refusal only leaves the first frame
    void el.play().catch(() => {});
  }, [stream, live]);

  const setRef = (el: HTMLVideoElement | null) => {
    own.current = el;
    if (typeof videoRef === 'function') videoRef(el);
    else if (videoRef) (videoRef as { current: HTMLVideoElement | null }).current = el;
  };

  const signalText =
    signal === null || signal === undefined
      ? t`Signal unknown`
      : [t`No signal`, t`Signal bad`, t`Signal poor`, t`Signal fair`, t`Signal good`][signal];
  return (
    <div
      data-testid={testId}
      data-usr-id={usrId}
      data-kind={kind}
      data-video={live ? 'live' : mode}
      data-talking={talking ? 'true' : 'false'}
      style={{
        position: 'relative',
        width: '100%',
        aspectRatio: '16 / 9',
        background: '#101418',
        overflow: 'hidden',
        borderRadius: 4,
        boxSizing: 'border-box',
        outline: talking ? '3px solid #40c057' : undefined,
        outlineOffset: -3,
        ...style,
      }}
    >
      {live ? (
        <video ref={setRef} muted autoPlay playsInline style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />
      ) : (
        <div
          data-testid={`${testId}-placeholder`}
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 4,
            color: '#e4e7eb',
          }}
        >
          <div
            style={{
              width: 40,
              height: 40,
              borderRadius: 20,
              background: avatarColour(usrId),
              color: '#ffffff',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontWeight: 700,
            }}
          >
            {initialsOf(name || usrId)}
          </div>
          <div style={{ fontSize: 12, maxWidth: '90%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name || usrId}
          </div>
          <div style={{ fontSize: 11, opacity: 0.7 }}>
            {mode === 'hidden' ? t`Video hidden` : mode === 'off' ? t`Video off` : t`Connecting…`}
          </div>
        </div>
      )}
      {(showName || signal !== undefined) && (
        <div
          style={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            display: 'flex',
            alignItems: 'center',
            gap: 6,
            padding: '2px 6px',
            background: 'rgba(16,20,24,0.6)',
            color: '#f5f7fa',
            fontSize: 12,
          }}
        >
          {showName && (
            <span data-testid={`${testId}-name`} style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {name || usrId}
            </span>
          )}
          {signal !== undefined && <SignalBars level={signal} label={signalText} testId={`${testId}-signal`} />}
        </div>
      )}
      {children}
    </div>
  );
}

function SignalBars({ level, label, testId }: { level: SignalLevel | null; label: string; testId: string }) {
  const colour = level === null ? '#9fb3c8' : level >= 4 ? '#40c057' : level === 3 ? '#82c91e' : level === 2 ? '#fab005' : '#fa5252';
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid={testId}
      data-signal-level={level ?? 'unknown'}
      style={{ display: 'inline-flex', alignItems: 'flex-end', gap: 1, height: 12, marginLeft: 'auto' }}
    >
      {[1, 2, 3, 4].map((bar) => (
        <span
          key={bar}
          style={{ width: 3, height: 3 * bar, background: level !== null && bar <= level ? colour : 'rgba(255,255,255,0.3)' }}
        />
      ))}
    </span>
  );
}
