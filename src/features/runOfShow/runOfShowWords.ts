/**
 * The run of show's sentences: what Take changes, import errors, refusals. Codes in, words out.
 */
import { useLingui } from '@lingui/react/macro';
import type { RunOfShowError, SegmentChange, SegmentRole } from '@protocol/runOfShow';
import { clockText } from '@protocol/runOfShow';
import type { StepWhat } from '@machines/runOfShow/segmentSteps';
import type { BusyWork, NotSent } from '@machines/runOfShow/runOfShowMachine';
import { RUN_OF_SHOW_KEYS } from './runOfShowModel';

export function useRunOfShowWords(nameOf: (usrId: string) => string) {
  const { t } = useLingui();
  const role = (r: SegmentRole) =>
    r === 'speaker'
      ? t`Main venue layout`
      : r === 'chair'
        ? t`Honoured guest layout`
        : r === 'guest'
          ? t`Audience layout`
          : t`Custom layout`;
  const layoutName = (id: string) => (id === 'auto' ? t`automatic` : id === '' ? t`none` : id);
  const who = (id: string) => (id ? nameOf(id) || id : t`nobody`);

  const change = (c: SegmentChange): string => {
    switch (c.kind) {
      case 'mainVenue':
        return t`Main venue ${who(c.from)} → ${who(c.to)}`;
      case 'guests':
        return t`Honoured guests: ${c.added} added, ${c.removed} removed`;
      case 'layout':
        return `${role(c.role)} ${layoutName(c.from)} → ${layoutName(c.to)}`;
      case 'panes':
        return t`${role(c.role)}: panes change`;
      case 'banner':
        return c.change === 'on' ? t`Banner on` : c.change === 'off' ? t`Banner off` : t`Banner text changes`;
      case 'audienceMute':
        return c.muted ? t`Audience muted` : t`Audience unmuted`;
      case 'unmute':
        return t`${c.count} participants unmuted`;
      case 'listen':
        return c.allowed ? t`Audience may listen` : t`Audience may not listen`;
      case 'watch':
        return c.allowed ? t`Audience may watch` : t`Audience may not watch`;
      case 'rollCall': {
        const first = who(c.first);
        return t`Roll call of ${c.count}, starting with ${first}`;
      }
      case 'rollCallEnd':
        return t`Roll call ends`;
      case 'recording':
        return c.on ? t`Recording starts` : t`Recording stops`;
      case 'live':
        return c.on ? t`Live push starts` : t`Live push stops`;
      case 'timer': {
        const time = clockText(c.secs);
        return t`Timer ${time}`;
      }
    }
  };

  const importError = (e: RunOfShowError): string => {
    const where = e.path;
    switch (e.code) {
      case 'notObject':
        return t`The file is not a run of show (a JSON object was expected).`;
      case 'version':
        return t`This run of show is of another version than 1.`;
      case 'segments':
        return t`The file has no list of segments.`;
      case 'tooManySegments':
        return t`A run of show holds at most 200 segments.`;
      case 'duplicateId':
        return t`${where}: two segments have the same id.`;
      case 'name':
        return t`${where}: a name of 1 to 80 characters on one line is needed.`;
      case 'listenWatch':
        return t`${where}: the listen/watch policy needs both choices (true or false).`;
      case 'rollCall':
        return t`${where}: the roll call is a list of different participants.`;
      case 'unknownField':
        return t`${where}: this field is not part of a run of show.`;
      default:
        return t`${where}: this value is not valid.`;
    }
  };

  /** what one platform step of a Take changes (machines/runOfShow/segmentSteps.ts) */
  const stepWhat = (w: StepWhat): string => {
    switch (w) {
      case 'mainVenue':
        return t`main venue`;
      case 'guests':
        return t`honoured guests`;
      case 'rollCall':
        return t`roll call`;
      case 'layouts':
        return t`layouts`;
      case 'banner':
        return t`banner`;
      case 'mute':
        return t`mute all`;
      case 'unmute':
        return t`unmuting`;
      case 'listen':
        return t`audience listening`;
      case 'watch':
        return t`audience watching`;
      case 'recording':
        return t`recording`;
      case 'live':
        return t`live push`;
    }
  };

  return { change, importError, who, stepWhat };
}

/**
 * A Take / Hold / Undo not sent (machines/runOfShow `notSent`): which command, why, and the key
 * to press again. `platformKind`: in front of the platform, whether the steps being applied were a
 * Take's or an Undo's.
 */
export function useNotSentText() {
  const { t } = useLingui();
  const cause = (during: BusyWork | 'loading', platformKind?: 'take' | 'undo'): string => {
    switch (during) {
      case 'loading':
        return t`the run of show was still being read`;
      case 'saving':
        return t`the run of show was still being saved`;
      case 'conflict':
        return t`another console's edit was waiting for your choice of version`;
      case 'reloading':
        return t`the run of show was still being read again`;
      case 'taking':
        return t`the last Take was still being answered`;
      case 'undoing':
        return t`the last Undo was still being answered`;
      case 'holding':
        return t`the last Hold or Resume was still being answered`;
      case 'rehearsing':
        return t`the rehearsal switch was still being answered`;
      case 'applying':
        return platformKind === 'undo'
          ? t`the platform was still applying the last Undo`
          : t`the platform was still applying the last Take`;
    }
  };
  return (n: NotSent, platformKind?: 'take' | 'undo'): string => {
    const key = RUN_OF_SHOW_KEYS[n.command].toUpperCase();
    if (n.during === null)
      return n.command === 'take'
        ? t`Take was not sent: the run of show has no segment.`
        : n.command === 'hold'
          ? t`Hold was not sent: nothing is on air.`
          : t`Undo was not sent: there is no Take to undo.`;
    const why = cause(n.during, platformKind);
    return n.command === 'take'
      ? t`Take was not sent: ${why}. Press ${key} again.`
      : n.command === 'hold'
        ? t`Hold or Resume was not sent: ${why}. Press ${key} again.`
        : t`Undo was not sent: ${why}. Press ${key} again.`;
  };
}
