// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { RoleScreen } from './RoleScreen';
import type { ScreenPane } from './roleScreenModel';
import { renderUi } from '#/testing/render';

afterEach(cleanup);

const pane = (index: number, name: string, videoOn: boolean): ScreenPane => ({
  index,
  rect: { x: index * 0.5, y: 0, w: 0.5, h: 1 },
  kind: 'participant',
  usrId: `u${index}`,
  name,
  videoOn,
  talking: false,
  focus: false,
});
const panes = [pane(0, 'Ann', true), pane(1, 'Bo', false)];
const draw = (names: boolean) => (
  <RoleScreen
    panes={panes}
    mosicId="2"
    role="guest"
    label="Honoured guest"
    media={null}
    video={false}
    names={names}
    talk={false}
    testId="wall"
  />
);

describe('RoleScreen', () => {
  it('names each pane once when names are on', () => {
    renderUi(draw(true));
    expect(screen.getAllByTestId('wall-pane-name').map((n) => n.textContent)).toEqual(['Ann', 'Bo']);
    expect(screen.getByTestId('wall-pane-state').textContent).toBe('Video off');
  });

  it('names nobody when names are off, a video-off pane included', () => {
    renderUi(draw(false));
    expect(screen.queryAllByTestId('wall-pane-name')).toHaveLength(0);
    expect(screen.getByTestId('wall-pane-state').textContent).toBe('Video off');
  });
});
