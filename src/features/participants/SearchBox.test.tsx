// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { SearchBox } from './SearchBox';
import { installDomShims, renderUi } from '#/testing/render';

beforeAll(installDomShims);
afterEach(cleanup);

const box = () => screen.getByRole('searchbox', { name: /Find participant/ }) as HTMLInputElement;

describe('SearchBox', () => {
  it('shows the keys typed before the table has applied them, and Enter acts on the text as typed', () => {
    const onChange = vi.fn();
    const onEnter = vi.fn();
    // the parent's query lags behind (onChange is a transition): the box shows the keys anyway
    renderUi(<SearchBox onChange={onChange} shown={10} total={10} onEnter={onEnter} />);
    fireEvent.change(box(), { target: { value: 'Ann' } });
    expect(box().value).toBe('Ann');
    expect(onChange).toHaveBeenLastCalledWith('Ann');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledWith('Ann');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box().value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
