import { Trans } from '@lingui/react/macro';
import classes from './SkipLink.module.css';

/**
 * The first stop of the page for keyboard users: hidden until focused, it jumps over the header
 * (title, language, logout) to the screen's content.
 */
export function SkipLink({
  target,
}: {
  /** id of the element to jump to (focusable, e.g. tabIndex -1) */
  target: string;
}) {
  return (
    <a
      className={classes.skip}
      href={`#${target}`}
      onClick={(event) => {
        // the router owns the URL: move focus without changing the address
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      <Trans>Skip to main content</Trans>
    </a>
  );
}
