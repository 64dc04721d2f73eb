// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { RC } from '@protocol/codes';
import { PushStreamSettings } from './PushStreamSettings';
import { LiveAddressSettings } from './LiveAddressSettings';
import { renderUi } from '#/testing/render';

afterEach(cleanup);

// A stand-in for the rule of protocol/validation.ts, enough to see the component obey it.
const check = (url: string) => (url === '' ? RC.pushAddressNotSet : url.startsWith('rtmp://') ? undefined : RC.pushAddressNotRtmp);

describe('PushStreamSettings', () => {
  it('refuses to start without an address, with the spec message', () => {
    const onEnable = vi.fn();
    renderUi(<PushStreamSettings address="" enabled={false} checkAddress={check} onEnable={onEnable} onDisable={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save and start pushing' }));
    expect(screen.getByText('Push address is not set')).toBeTruthy();
    expect(onEnable).not.toHaveBeenCalled();
  });

  it('refuses an address that is not RTMP', () => {
    const onEnable = vi.fn();
    renderUi(<PushStreamSettings address="" enabled={false} checkAddress={check} onEnable={onEnable} onDisable={() => {}} />);
    fireEvent.change(screen.getByLabelText('Push address'), { target: { value: 'http://x/live/s' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Push stream' }));
    expect(screen.getByText('The push address must be an RTMP address')).toBeTruthy();
    expect(onEnable).not.toHaveBeenCalled();
  });

  it('starts with a good address and stops on request', () => {
    const onEnable = vi.fn();
    const onDisable = vi.fn();
    const { rerender } = renderUi(
      <PushStreamSettings address="" enabled={false} checkAddress={check} onEnable={onEnable} onDisable={onDisable} />,
    );
    fireEvent.change(screen.getByLabelText('Push address'), { target: { value: ' rtmp://h/live/s ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and start pushing' }));
    expect(onEnable).toHaveBeenCalledWith('rtmp://h/live/s');
    rerender(<PushStreamSettings address="rtmp://h/live/s" enabled checkAddress={check} onEnable={onEnable} onDisable={onDisable} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Push stream' }));
    expect(onDisable).toHaveBeenCalled();
  });
});

describe('LiveAddressSettings', () => {
  const both = (p: string, q: string) => (p && q ? undefined : RC.pullAddressRequired);

  it('is read-only while live is on and says why', () => {
    renderUi(<LiveAddressSettings pushUrl="a" pullUrl="b" liveOn builtin checkAddresses={both} onSave={() => {}} />);
    expect((screen.getByLabelText(/Live push address/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('live-addresses-locked').textContent).toBe('Live addresses can only be changed while live is off');
  });

  it('is read-only without built-in live', () => {
    renderUi(<LiveAddressSettings pushUrl="a" pullUrl="b" liveOn={false} builtin={false} checkAddresses={both} onSave={() => {}} />);
    expect(screen.getByTestId('live-addresses-locked').textContent).toBe('Live addresses can only be changed with built-in live');
  });

  it('requires both addresses', () => {
    const onSave = vi.fn();
    renderUi(<LiveAddressSettings pushUrl="" pullUrl="" liveOn={false} builtin checkAddresses={both} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save live addresses' }));
    expect(screen.getByRole('alert').textContent).toBe('Push and pull addresses cannot be empty');
    expect(onSave).not.toHaveBeenCalled();
  });
});
