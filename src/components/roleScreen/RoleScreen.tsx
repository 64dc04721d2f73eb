/**
 * One role's screen drawn as its real panes, each a tile with the participant's name once and
 * their video-off and talking states in the tile's bar, below the picture (never over it). The
 * screen is the largest 16:9 that fits the room its parent gives it. Live (the layout window) the
 * tiles play the participants' video from the media port; as a preview (the screen-layout
 * dialog) they show who would be there with the same names and states, leasing no video.
 */
import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { MeetingMediaSource } from '#/media/mediaSource';
import { useVideoStream } from '#/media/useMedia';
import { avatarColour, initialsOf } from '#/media/mediaModel';
import type { ScreenPane } from './roleScreenModel';
import classes from './roleScreen.module.css';

export interface RoleScreenProps {
  /** the panes ({@link screenPanes}) */
  panes: readonly ScreenPane[];
  /** the layout drawn, for tests and styles (`data-mosic-id`) */
  mosicId: string;
  /** the role shown (`data-role`) */
  role: string;
  /** accessible name of the screen, e.g. the role */
  label: string;
  /** the media port to play video from; null draws the tiles without video (a preview) */
  media: MeetingMediaSource | null;
  /** play video (false: the viewer hid it; nothing is leased) */
  video: boolean;
  /** names in the tiles' bars (the supervisor's showName) */
  names: boolean;
  /** mark who talks (the supervisor's showTalk) */
  talk: boolean;
  /** test id of the screen; its tiles get `${testId}-pane` */
  testId?: string;
}

export function RoleScreen({ panes, mosicId, role, label, media, video, names, talk, testId = 'role-screen' }: RoleScreenProps) {
  return (
    <div className={classes.frame}>
      <div
        role="group"
        aria-label={label}
        className={classes.screen}
        data-testid={testId}
        data-role={role}
        data-mosic-id={mosicId}
        data-panes={panes.length}
      >
        {panes.map((pane) => (
          <div
            key={pane.index}
            className={classes.pane}
            data-pane={pane.index}
            style={{
              left: `${pane.rect.x * 100}%`,
              top: `${pane.rect.y * 100}%`,
              width: `${pane.rect.w * 100}%`,
              height: `${pane.rect.h * 100}%`,
            }}
          >
            <RoleTile pane={pane} media={media} video={video} names={names} talk={talk} testId={`${testId}-pane`} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** What a tile shows of its participant's picture. */
type TileVideo = 'live' | 'connecting' | 'off' | 'hidden' | 'still';

function RoleTile({
  pane,
  media,
  video,
  names,
  talk,
  testId,
}: {
  pane: ScreenPane;
  media: MeetingMediaSource | null;
  video: boolean;
  names: boolean;
  talk: boolean;
  testId: string;
}) {
  const { t } = useLingui();
  const kind = pane.kind === 'content' ? 'content' : 'participant';
  const wantsStream = media !== null && video && pane.usrId !== null && pane.videoOn;
  const stream = useVideoStream(media, kind, pane.usrId, wantsStream);
  const el = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (!el.current) return;
    if (el.current.srcObject !== stream) el.current.srcObject = stream;
    // muted video may always autoplay; a refusal only leaves the first frame
    void el.current.play().catch(() => {});
  }, [stream]);

  if (pane.kind === 'empty' || !pane.usrId) {
    return <div className={`${classes.tile} ${classes.empty}`} data-testid={`${testId}-empty`} data-focus={pane.focus} />;
  }
  const state: TileVideo = !pane.videoOn ? 'off' : media === null ? 'still' : !video ? 'hidden' : stream ? 'live' : 'connecting';
  const talking = talk && pane.talking;
  const stateText = state === 'off' ? t`Video off` : state === 'hidden' ? t`Video hidden` : null;
  return (
    <div
      className={classes.tile}
      data-testid={testId}
      data-usr-id={pane.usrId}
      data-kind={kind}
      data-video={state}
      data-talking={talking}
      data-focus={pane.focus}
      title={names ? pane.name : undefined}
    >
      <div className={classes.media}>
        {state === 'live' ? (
          <video ref={el} muted autoPlay playsInline />
        ) : (
          <div className={classes.disc} style={{ background: avatarColour(pane.usrId) }} aria-hidden="true">
            {initialsOf(pane.name)}
          </div>
        )}
      </div>
      {(names || stateText || talking || kind === 'content') && (
        <div className={classes.bar}>
          {/* without names the span only keeps the state chips at the bar's end: no name is there to find */}
          <span className={classes.name} data-testid={names ? `${testId}-name` : undefined} hidden={!names}>
            {names ? (kind === 'content' ? t`${pane.name} (content)` : pane.name) : ''}
          </span>
          {stateText && (
            <span className={`${classes.chip} ${classes.off}`} data-testid={`${testId}-state`} title={stateText}>
              <CameraOff />
              <span className={classes.chipText}>{stateText}</span>
            </span>
          )}
          {talking && (
            <span className={`${classes.chip} ${classes.talk}`} data-testid={`${testId}-talking`} title={t`Talking`}>
              <Mic />
              <span className={classes.chipText}>{t`Talking`}</span>
            </span>
          )}
        </div>
      )}
    </div>
  );
}

function CameraOff() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M16 16v1a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h2m5 0h3a2 2 0 0 1 2 2v3.3l6-4.3v12" />
      <path d="M2 2l20 20" />
    </svg>
  );
}

function Mic() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 10a7 7 0 0 0 14 0M12 17v5" />
    </svg>
  );
}
