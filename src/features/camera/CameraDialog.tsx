/**
 * Far-end camera control for one participant: a pad with up, down, left, right, zoom in and
 * zoom out. Each button works while it is held (pointer or keyboard), see useHoldRepeat.
 */
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { KeyboardEvent } from 'react';
import { useHoldRepeat, type FeccAction, type Movement } from './useHoldRepeat';

export interface CameraDialogProps {
  /** the participant's name, for the title */
  name: string;
  /** sends one camera command */
  onFecc: (action: FeccAction, movement: Movement) => void;
  /** closes the dialog (any held move stops) */
  onClose: () => void;
}

export function CameraDialog({ name, onFecc, onClose }: CameraDialogProps) {
  const { t } = useLingui();
  const hold = useHoldRepeat(onFecc);

  const pad = (movement: Movement, label: string, glyph: string) => (
    <Button
      variant="light"
      aria-label={label}
      data-movement={movement}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        hold.press(movement);
      }}
      onPointerUp={hold.release}
      onPointerCancel={hold.release}
      onLostPointerCapture={hold.release}
      onKeyDown={(e: KeyboardEvent) => {
        if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) hold.press(movement);
      }}
      onKeyUp={(e: KeyboardEvent) => {
        if (e.key === ' ' || e.key === 'Enter') hold.release();
      }}
      onBlur={hold.release}
    >
      {glyph}
    </Button>
  );

  return (
    <Modal
      opened
      onClose={() => {
        hold.release();
        onClose();
      }}
      title={t`Camera control: ${name}`}
    >
      <Stack align="center">
        <Text size="sm" c="dimmed">
          {t`Hold a button to move the camera; release it to stop.`}
        </Text>
        <SimpleGrid cols={3} spacing="xs" w={220}>
          <span />
          {pad('up', t`Up`, '▲')}
          <span />
          {pad('left', t`Left`, '◀')}
          <span />
          {pad('right', t`Right`, '▶')}
          <span />
          {pad('down', t`Down`, '▼')}
          <span />
        </SimpleGrid>
        <Group>
          {pad('in', t`Zoom in`, '+')}
          {pad('out', t`Zoom out`, '−')}
        </Group>
      </Stack>
    </Modal>
  );
}
