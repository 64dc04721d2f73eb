/**
 * The marks of the audio, listening and watching cells (issue 13 §7): a microphone, a speaker and
 * an eye, crossed out when off, in the text's colour, hidden from assistive technology (the
 * button's name says the state).
 *
 * Each is an inline SVG of one path (two when crossed out), drawn in the row's own paint. They were
 * CSS masks over data-URL SVG images: every mask is an image the main thread paints (PaintImage)
 * and a layer the rasteriser blends, three per row, on every row a scroll frame refills; the
 * control-screen bench's trace showed that work (bench/controlScreen.ts, issue 27 item 1). The
 * drawings are the same: each shape of the former drawing is a sub-path here.
 */
import classes from './StateIcons.module.css';

type IconName = 'mic' | 'speaker' | 'eye';

/** The drawing of each mark in a 16 × 16 box, every shape one sub-path. */
const DRAWING: Record<IconName, { on: string; off: string }> = {
  // a capsule (5 × 8 at 5.5, 1.5, fully rounded), its stand and foot
  mic: { on: 'M5.5 4a2.5 2.5 0 0 1 5 0v3a2.5 2.5 0 0 1-5 0zM3 7.5a5 5 0 0 0 10 0M8 12.5v2M5.5 14.5h5', off: '' },
  // the box and cone, with two waves when on
  speaker: { on: 'M2 6h2.5L8 3v10L4.5 10H2zM10.5 5.5a3.5 3.5 0 0 1 0 5M12.5 3.5a6.5 6.5 0 0 1 0 9', off: 'M2 6h2.5L8 3v10L4.5 10H2z' },
  // the lids and a pupil of radius 2
  eye: { on: 'M1 8s2.5-5 7-5 7 5 7 5-2.5 5-7 5-7-5-7-5zM6 8a2 2 0 1 0 4 0a2 2 0 1 0-4 0z', off: '' },
};

function Icon({ name, off }: { name: IconName; off: boolean }) {
  const drawing = DRAWING[name];
  return (
    <svg className={classes.icon} viewBox="0 0 16 16" data-icon={name} data-off={off} aria-hidden focusable="false">
      <path d={off && drawing.off ? drawing.off : drawing.on} />
      {/* the stroke across, a little heavier than the drawing */}
      {off && <path d="M2 2l12 12" strokeWidth={2} />}
    </svg>
  );
}

/** A microphone; crossed out when muted. */
export function MicIcon({ off }: { off: boolean }) {
  return <Icon name="mic" off={off} />;
}

/** A speaker with sound waves; crossed out (without its waves) when the participant may not listen. */
export function SpeakerIcon({ off }: { off: boolean }) {
  return <Icon name="speaker" off={off} />;
}

/** An eye; crossed out when the participant may not watch. */
export function EyeIcon({ off }: { off: boolean }) {
  return <Icon name="eye" off={off} />;
}
