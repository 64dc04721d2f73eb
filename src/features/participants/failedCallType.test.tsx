// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { CallFailedBadge } from './CallFailedBadge';
import { failedByAddress } from './failedCalls';
import { installDomShims, renderUi } from '#/testing/render';

beforeAll(installDomShims);
afterEach(cleanup);

describe('issue 30: the failed call names its endpoint type', () => {
  it('on the row’s badge, from the newest failure of that address', () => {
    const mark = failedByAddress([{ peer_addr: 'lab,10.0.0.2', reason: 'busy', time: 1_700_000_000, ep_type: 'sip' }]).get('lab@10.0.0.2')!;
    expect(mark.epType).toBe('sip');
    renderUi(<CallFailedBadge mark={mark} />);
    expect(screen.getByText('Call failed').closest('[title]')!.getAttribute('title')).toMatch(/\(SIP endpoint\): /);
  });
});
