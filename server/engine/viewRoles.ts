/**
 * Which role's screen an endpoint is shown (spec §6 roles: main venue = `speaker`, honoured guest
 * = `chair`, audience = `guest`): the layout of that role in `mosic-config` and the subtitle of that
 * target in `title-config` are what it sees. An endpoint made honoured guest (ctrl_mr_eps `chair`
 * 1, facts §3.1) is shown the honoured guests' layout and subtitle from then on.
 */
import type { MosicConfigEntry, TitleConfig } from '../../protocol/wire';
import { POS, type Endpoint, type Room } from './room';

export type ViewRole = 'speaker' | 'chair' | 'guest';

/** The main venue sees the main venue's screen, an honoured guest the honoured guests', everyone else the audience's. */
export function viewRoleOf(ep: Endpoint): ViewRole {
  if (ep.flags[POS.speaker] === 1) return 'speaker';
  if (ep.flags[POS.chair] === 1) return 'chair';
  return 'guest';
}

/** The layout and subtitle an endpoint is shown now. */
export function screenOf(
  room: Room,
  ep: Endpoint,
): { role: ViewRole; mosaic: MosicConfigEntry | undefined; title: TitleConfig | undefined } {
  const role = viewRoleOf(ep);
  return {
    role,
    mosaic: room.record.mosaic.find((m) => m.role === role),
    title: room.record.titles.find((t) => t.to_role === role),
  };
}
