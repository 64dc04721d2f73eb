/** The Activity panel's words in the current language: kinds, controllers, commands, outcomes. */
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { codeMessage } from '@protocol/codes';
import type { ActivityEntry } from '@protocol/wire';
import type { ActivityKind } from './activityModel';

export interface ActivityLabels {
  kind(kind: ActivityKind): string;
  /** "Host, 10.0.0.2"; '' address: this console (a local record) */
  controller(role: ActivityEntry['role'], peerIp: string): string;
  /** what the command is, by its cmdid (the raw cmdid when unknown) */
  command(cmdid: string): string;
  outcome(entry: Pick<ActivityEntry, 'result' | 'status'>): { ok: boolean; text: string };
  time(dtm: number): string;
}

export function useActivityLabels(): ActivityLabels {
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const kinds: Record<ActivityKind, string> = {
      participants: t`Participants`,
      meeting: t`Meeting`,
      layout: t`Layout`,
      subtitles: t`Subtitles`,
      live: t`Live`,
      other: t`Other`,
    };
    const commands: Record<string, string> = {
      ctrl_mr_eps: t`Participant control`,
      create_temp_call: t`Temporary call`,
      ctrl_usr_fecc: t`Camera control`,
      mod_mr_status: t`Meeting setting`,
      mod_mr_info: t`Meeting information`,
      mod_mr_pwd: t`Meeting passwords`,
      stop_mr_req: t`End meeting`,
      set_confmgr_ssid: t`Management login`,
      config_mosic: t`Screen layout`,
      set_title: t`Subtitle settings`,
      mod_subtitle_position: t`Subtitle position`,
      mod_bypass_url: t`Push stream address`,
      mod_rtmp_url: t`Live addresses`,
    };
    return {
      kind: (kind) => kinds[kind],
      controller: (role, peerIp) => {
        const who = role === 'host' ? t`Host` : t`Supervisor`;
        return peerIp ? t`${who}, ${peerIp}` : t`${who} (this console)`;
      },
      command: (cmdid) => commands[cmdid] ?? cmdid,
      outcome: ({ result, status }) =>
        result === 0 && status < 400
          ? { ok: true, text: t`Applied` }
          : { ok: false, text: result > 0 ? t`Refused: ${codeMessage(result, i18n.locale)}` : t`Refused (HTTP ${status})` },
      time: (dtm) => i18n.date(new Date(dtm * 1000), { dateStyle: 'short', timeStyle: 'medium' }),
    };
  }, [t, i18n]);
}
