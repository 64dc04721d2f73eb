/**
 * Roll call (spec §4): start with a chosen participant, call the next one, end. The view mode
 * says what the main venue sees: only the called person, or itself plus the called person.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConnectionLostReason, useConnectionLost } from '#/session/connectionLost';
import type { CommandSink } from './commands';
import type { ParticipantRow } from './participantModel';

export type RollCallView = 'called_only' | 'with_speaker';

export interface RollCallDialogProps {
  /** shows the dialog */
  opened: boolean;
  /** participants who can be called, in table order */
  candidates: readonly ParticipantRow[];
  /** the roll call in progress as the server reports it, null when none */
  current: { usrId: string; view: RollCallView } | null;
  /** sends a command */
  onCommand: CommandSink;
  /** closes the dialog (the roll call goes on) */
  onClose: () => void;
}

export function RollCallDialog({ opened, candidates, current, onCommand, onClose }: RollCallDialogProps) {
  const { t } = useLingui();
  // a roll call step sent while the connection is lost would only be held: the buttons wait, and say why
  const lost = useConnectionLost();
  const [view, setView] = useState<RollCallView>(current?.view ?? 'called_only');
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (current) setView(current.view);
  }, [current]);

  const options = useMemo(() => candidates.slice(0, 2000).map((r) => ({ value: r.usrId, label: r.name })), [candidates]);
  const calledName = current ? (candidates.find((r) => r.usrId === current.usrId)?.name ?? current.usrId) : null;
  const nextId = useMemo(() => {
    if (chosen && chosen !== current?.usrId) return chosen;
    if (!current) return null;
    const i = candidates.findIndex((r) => r.usrId === current.usrId);
    return candidates[i + 1]?.usrId ?? null;
  }, [chosen, current, candidates]);

  return (
    <Modal opened={opened} onClose={onClose} title={t`Roll call`}>
      <Stack>
        <SegmentedControl
          aria-label={t`What the main venue sees`}
          value={view}
          onChange={(v) => setView(v as RollCallView)}
          fullWidth
          // the longer option ("Main venue and the called person") was cut off: labels wrap
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
          data={[
            { value: 'called_only', label: t`Only the called person` },
            { value: 'with_speaker', label: t`Main venue and the called person` },
          ]}
        />
        <Select label={t`Participant to call`} searchable clearable value={chosen} onChange={setChosen} data={options} limit={100} />
        <Text size="sm" data-testid="roll-call-state" data-called={current?.usrId ?? ''}>
          {calledName ? <Trans>Calling: {calledName}</Trans> : <Trans>No roll call in progress</Trans>}
        </Text>
        <ConnectionLostReason lost={lost} />
        <Group justify="flex-end">
          {!current ? (
            <Button
              disabled={!chosen || lost}
              onClick={() => chosen && onCommand({ type: 'rollCall', step: 'start', usrId: chosen, view })}
            >
              <Trans>Start roll call</Trans>
            </Button>
          ) : (
            <>
              <Button
                disabled={!nextId || lost}
                onClick={() => {
                  if (!nextId) return;
                  onCommand({ type: 'rollCall', step: 'next', usrId: nextId, view });
                  setChosen(null);
                }}
              >
                <Trans>Next</Trans>
              </Button>
              <Button color="red" variant="light" disabled={lost} onClick={() => onCommand({ type: 'rollCall', step: 'end' })}>
                <Trans>End roll call</Trans>
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
