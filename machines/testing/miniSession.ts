/**
 * A minimal actor system for feature-machine tests: a real commands actor (system id
 * `commands`) on a scripted SessionApi, plus the machine under test under its own system id,
 * both children of one root, as in the session.
 */
import { createActor, setup, SimulatedClock, spawnChild, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { commandsMachine } from '../commands/commandsMachine';
import { scriptedSessionApi } from './fakeSessionApi';

export function miniSession<M extends AnyStateMachine>(machine: M, systemId: string, input: Record<string, unknown> = {}) {
  const script = scriptedSessionApi();
  const clock = new SimulatedClock();
  let n = 0;
  const root = setup({ actors: { commands: commandsMachine, subject: machine as AnyStateMachine } }).createMachine({
    entry: [
      spawnChild('commands', { id: 'commands', systemId: 'commands', input: { api: script.api, newRequestId: () => `r${++n}` } }),
      spawnChild('subject', { id: systemId, systemId, input }),
    ],
  });
  const actor = createActor(root, { clock }).start();
  const subject = actor.getSnapshot().children[systemId] as AnyActorRef;
  return {
    ...script,
    clock,
    root: actor,
    actor: subject as import('xstate').ActorRefFrom<M>,
    commands: actor.getSnapshot().children.commands as AnyActorRef,
    snap: () => subject.getSnapshot() as import('xstate').SnapshotFrom<M>,
  };
}
