// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { fromPromise, setup } from 'xstate';
import { useScreenActor } from './useScreenActor';

afterEach(cleanup);

/** A fetch that, like ky, rejects when its signal aborts; resolves when the test says so. */
function abortableFetch() {
  const calls: AbortSignal[] = [];
  let answer: (value: string) => void = () => {};
  const answered = new Promise<string>((resolve) => (answer = resolve));
  const fetch = (signal: AbortSignal) => {
    calls.push(signal);
    return new Promise<string>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      void answered.then(resolve);
    });
  };
  return { calls, answer, fetch };
}

function fetchingMachine(fetch: (signal: AbortSignal) => Promise<string>) {
  return setup({ actors: { load: fromPromise<string>(({ signal }) => fetch(signal)) } }).createMachine({
    initial: 'loading',
    states: {
      loading: { invoke: { src: 'load', onDone: 'ready', onError: 'failed' } },
      ready: {},
      failed: {},
    },
  });
}

function Screen({ machine, onActor }: { machine: ReturnType<typeof fetchingMachine>; onActor?: (a: unknown) => void }) {
  const actor = useScreenActor(machine);
  onActor?.(actor);
  const state = useSelector(actor, (s) => String(s.value));
  return <p data-testid="state">{state}</p>;
}

describe('useScreenActor', () => {
  it("keeps the actor and its running fetch through StrictMode's double mount", async () => {
    const loader = abortableFetch();
    const view = render(
      <StrictMode>
        <Screen machine={fetchingMachine(loader.fetch)} />
      </StrictMode>,
    );
    expect(view.getByTestId('state').textContent).toBe('loading');
    loader.answer('code');
    await waitFor(() => expect(view.getByTestId('state').textContent).toBe('ready'));
    // one fetch, never aborted: the double mount did not stop the actor
    expect(loader.calls).toHaveLength(1);
    expect(loader.calls[0].aborted).toBe(false);
  });

  it('stops the actor, aborting its fetch, when the component really unmounts', async () => {
    const loader = abortableFetch();
    let actor: { getSnapshot(): { status: string } } | undefined;
    const view = render(
      <StrictMode>
        <Screen machine={fetchingMachine(loader.fetch)} onActor={(a) => (actor = a as typeof actor)} />
      </StrictMode>,
    );
    view.unmount();
    await waitFor(() => expect(actor!.getSnapshot().status).toBe('stopped'));
    expect(loader.calls.at(-1)!.aborted).toBe(true);
  });
});
