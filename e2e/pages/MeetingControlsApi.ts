/**
 * Reads the server's meeting state for the meeting-wide specs through the console's own client
 * factories (src/api): a second controller session, logged in with the test verify code. Specs
 * check every switch and dialog against what the server holds, never only against the UI.
 */
import type { SessionApi } from '../../machines/api';
import { toLoginResult } from '../../machines/login/loginMachine';
import { decodeTitleConfigs } from '../../protocol/decode';
import type { MosicConfigEntry, MrStatus, ShareInfoResponse, TitleConfig } from '../../protocol/wire';
import { isSteadyEndpointId } from '../../server/sim/steady';
import type { TestServer } from '../server';
import { controllerLogin } from './signIn';
import { KeptSession } from './keptSession';
import { endsSession, perWorker } from './perWorker';

type ServerLogin = Pick<TestServer, 'baseURL' | 'mrId' | 'hostPwd' | 'supervisorPwd'>;

export class MeetingControlsApi {
  /**
   * The console's session client on whichever login is current: every request, a spec's own
   * through `api.session` too, goes through the kept session (e2e/pages/keptSession.ts).
   */
  readonly session: SessionApi;

  private constructor(private readonly kept: KeptSession<SessionApi>) {
    this.session = {
      get mrId() {
        return kept.current.mrId;
      },
      get sessId() {
        return kept.current.sessId;
      },
      get: (suffix, signal) => kept.use((s) => s.get(suffix, signal)),
      post: (suffix, body, signal) => kept.use((s) => s.post(suffix, body, signal)),
      changes: (sinceSeq, blockSecs, signal) => kept.use((s) => s.changes(sinceSeq, blockSecs, signal), { poll: true }),
      raw: (method, path, body, signal) => kept.use((s) => s.raw(method, path, body, signal)),
    };
  }

  /** This worker's checker for `server` and `role`: logged in once, again only when its session ended. */
  static forWorker(server: ServerLogin, role: 'host' | 'supervisor' = 'host'): Promise<MeetingControlsApi> {
    return perWorker(`meeting ${role} ${server.baseURL} ${server.mrId}`, () => MeetingControlsApi.login(server, role));
  }

  /** Polls once without waiting: true while the session is open. */
  alive(): Promise<boolean> {
    return this.kept.alive();
  }

  /**
   * Logs in as host (or supervisor) on the test server; the checker logs in again by itself when
   * the server has ended its session.
   */
  static async login(server: ServerLogin, role: 'host' | 'supervisor' = 'host'): Promise<MeetingControlsApi> {
    const kept = await KeptSession.open<SessionApi>({
      login: async () => {
        const { client, answer } = await controllerLogin(server, role);
        return client.session(toLoginResult(answer, server.mrId));
      },
      poll: async (session) => !endsSession(await session.changes(null, 0)),
    });
    return new MeetingControlsApi(kept);
  }

  status(): Promise<MrStatus> {
    return this.session.get<MrStatus>('mr-status');
  }

  /** every target's title (podium), or the platform's one flat banner as a list of one */
  async titles(): Promise<TitleConfig[]> {
    return decodeTitleConfigs(await this.session.get<unknown>('title-config'));
  }

  async mosaicConfigs(): Promise<MosicConfigEntry[]> {
    return (await this.session.get<{ config_info: MosicConfigEntry[] }>('mosic-config')).config_info;
  }

  /** Sets per-role layouts directly (arranging a test), as another console would. */
  setMosaic(configs: MosicConfigEntry[]): Promise<unknown> {
    return this.session.post('mosic-config', { cmdid: 'config_mosic', config_info: configs });
  }

  shareInfo(): Promise<ShareInfoResponse> {
    return this.session.get<ShareInfoResponse>('share-info');
  }

  /** Sets status keys directly (arranging a test), as another console would. */
  setStatus(fields: Record<string, number | string>): Promise<unknown> {
    return this.session.post('mr-status', { cmdid: 'mod_mr_status', ...fields });
  }

  /** usr_ids currently in the waiting room (usr_stats position 16). */
  async waitingIds(): Promise<string[]> {
    const st = await this.session.get<{ usr_ids: string[]; usr_stats: string[] }>('eps-status');
    return st.usr_ids.filter((_, i) => st.usr_stats[i]?.[16] === '1');
  }

  /** usr_ids and names of the online endpoints. */
  async online(): Promise<{ usrId: string; name: string }[]> {
    const info = await this.session.get<{ usr_ids: string[]; usr_names: string[] }>('eps-info');
    return info.usr_ids.map((usrId, i) => ({ usrId, name: info.usr_names[i] ?? usrId }));
  }

  /**
   * The online steady endpoints outside the waiting room (e2e/server.ts): the ones a spec acts
   * on, as the simulation never takes them away mid-spec. Those an earlier spec hung up or
   * refused are called back first (they answer in a second).
   */
  async steadyOnline(): Promise<{ usrId: string; name: string }[]> {
    const roster = await this.session.get<{ added_usr_ids: string[] }>('participants');
    const onlineIds = async () => new Set((await this.online()).map((p) => p.usrId));
    const online = await onlineIds();
    const away = roster.added_usr_ids.filter((id) => isSteadyEndpointId(id) && !online.has(id));
    if (away.length) {
      await this.session.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'call', usr_ids: away });
      const deadline = Date.now() + 10_000;
      for (let now = online; away.some((id) => !now.has(id)); now = await onlineIds()) {
        if (Date.now() > deadline) throw new Error(`steady endpoints did not answer the call: ${away.join(', ')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const waiting = new Set(await this.waitingIds());
    return (await this.online()).filter((p) => isSteadyEndpointId(p.usrId) && !waiting.has(p.usrId));
  }
}
