// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { NotificationLists } from './NotificationLists';
import { installDomShims, renderUi } from '#/testing/render';

beforeAll(installDomShims);
afterEach(cleanup);

const call = (epType: string) => ({ time: 1_700_000_000, reason: 'refused', epType, nickName: 'Lab', peerAddr: 'lab@10.0.0.2' });

describe('issue 30: the failed call names its endpoint type', () => {
  it('in the failed-call list: known types in words, an unknown one as it came, none left out', async () => {
    renderUi(
      <NotificationLists
        controllers={[]}
        failedCalls={[call('h323'), call('webrtc'), call('gb28181'), call('')]}
        leftCalls={[]}
        unread={{ controllers: 0, failedCalls: 4, leftCalls: 0 }}
        onRead={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Failed calls/ }));
    expect(await screen.findByText(/Lab \(lab@10\.0\.0\.2, H\.323 endpoint\):/)).toBeTruthy();
    expect(screen.getByText(/Lab \(lab@10\.0\.0\.2, WebRTC \(browser\)\):/)).toBeTruthy();
    expect(screen.getByText(/Lab \(lab@10\.0\.0\.2, gb28181\):/)).toBeTruthy();
    expect(screen.getByText(/^Lab \(lab@10\.0\.0\.2\):/)).toBeTruthy();
  });
});
