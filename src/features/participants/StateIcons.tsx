/**
 * The marks of the audio, listening and watching cells (issue 13 §7): a microphone, a speaker and
 * an eye, crossed out when off, in the text's colour, hidden from assistive technology (the
 * button's name says the state). Each is one element drawn by a CSS mask (StateIcons.module.css):
 * three marks on each of the rows a scroll frame refills were a dozen SVG shapes to lay out.
 */
import classes from './StateIcons.module.css';

type IconName = 'mic' | 'speaker' | 'eye';

function Icon({ name, off }: { name: IconName; off: boolean }) {
  // an <svg> element drawn by its mask: an image to the page, as the inline drawing was
  return <svg className={classes.icon} data-icon={name} data-off={off} aria-hidden focusable="false" />;
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
