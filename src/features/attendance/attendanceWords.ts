/**
 * The attendance words in the user's language, following the meeting scene: a class speaks of
 * students and the class, a meeting of participants and the meeting.
 */
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AttendanceState } from '@protocol/attendance';
import type { MrScene } from '@protocol/wire';

export interface AttendanceWords {
  isClass: boolean;
  state: (state: AttendanceState) => string;
  /** a time of day in the browser's zone, with the date when it is not today's */
  time: (secs: number) => string;
  /** roll calls of one person: whether they were present when called (the platform records no answer) */
  rollCall: (calls: number, presentWhenCalled: number) => string;
  tableLabel: string;
  shareHeader: string;
  notInvited: string;
  empty: string;
  yes: string;
  no: string;
}

export function useAttendanceWords(scene: MrScene): AttendanceWords {
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const isClass = scene === 'class';
    const timeFormat = new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
    const dateTimeFormat = new Intl.DateTimeFormat(i18n.locale, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    const today = new Date().toDateString();
    const states: Record<AttendanceState, string> = isClass
      ? { present: t`In class`, left: t({ message: 'Left', context: 'attendance state: came and went' }), never: t`Absent` }
      : { present: t`In the meeting`, left: t({ message: 'Left', context: 'attendance state: came and went' }), never: t`Never came` };
    return {
      isClass,
      state: (s) => states[s],
      time: (secs) => {
        const d = new Date(secs * 1000);
        return d.toDateString() === today ? timeFormat.format(d) : dateTimeFormat.format(d);
      },
      rollCall: (calls, present) => {
        if (calls === 0) return '—';
        if (calls === 1) return present ? t`Present when called` : t`Absent when called`;
        return t`Present at ${present} of ${calls} calls`;
      },
      tableLabel: isClass ? t`Attendance of the class` : t`Attendance of the meeting`,
      shareHeader: isClass ? t`Share of the class` : t`Share of the meeting`,
      notInvited: isClass ? t`(not on the class list)` : t`(not invited)`,
      empty: t`Nobody matches`,
      yes: t`Yes`,
      no: t`No`,
    };
  }, [scene, t, i18n.locale]);
}
