import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Group, Loader, Paper, Portal, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/**
 * Code that only some users open (dialogs, charts, the media preview) is loaded when it is
 * opened, not with the page: these helpers wrap a dynamic `import()` in React.lazy and show a
 * translated "Loading…" note while the chunk arrives.
 */

/**
 * The note shown while a lazily loaded part arrives. It does not take the focus, so a dialog
 * that opens afterwards still hands the focus back to the control that opened it.
 */
export function LoadingNote({ inline = false }: { inline?: boolean }) {
  const note = (
    <Group gap="xs" role="status" data-testid="lazy-loading">
      <Loader size="xs" />
      <Text size="sm">
        <Trans>Loading…</Trans>
      </Text>
    </Group>
  );
  if (inline) return note;
  return (
    <Portal>
      <Paper
        withBorder
        shadow="md"
        p="sm"
        style={{ position: 'fixed', top: '40%', left: '50%', transform: 'translateX(-50%)', zIndex: 400 }}
      >
        {note}
      </Paper>
    </Portal>
  );
}

/** A component of a lazily loaded module, shown with the inline loading note meanwhile. */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={<LoadingNote inline />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}

/**
 * A dialog of a lazily loaded module that always stays rendered and is shown by a prop
 * (`opened` unless `isOpen` says otherwise): nothing is loaded until it first opens; from then on
 * it stays mounted, so its closing transition and focus return work as before.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => Boolean((props as { opened?: unknown }).opened),
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P): ReactNode {
    const [wanted, setWanted] = useState(false);
    const open = isOpen(props);
    if (open && !wanted) setWanted(true);
    if (!wanted && !open) return null;
    return (
      <Suspense fallback={open ? <LoadingNote /> : null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
