/**
 * A login as the console does it, for integration tests: the login machine against a login client
 * (verify code picture, password, code, submit), resolving to the machine's output.
 */
import { createActor, waitFor } from 'xstate';
import type { LoginApi } from '../api';
import { loginMachine, type LoginResult } from '../login/loginMachine';

export async function machineLogin(api: LoginApi, mrId: string, password: string, code: string): Promise<LoginResult> {
  const login = createActor(loginMachine, { input: { api, mrId } }).start();
  await waitFor(login, (s) => s.matches({ active: { captcha: 'ready' } }), { timeout: 5000 });
  login.send({ type: 'login.edit', field: 'password', value: password });
  login.send({ type: 'login.edit', field: 'code', value: code });
  login.send({ type: 'login.submit' });
  const done = await waitFor(login, (s) => s.status === 'done' || s.context.failure !== null, { timeout: 5000 });
  if (done.status !== 'done') throw new Error(`login failed: ${JSON.stringify(done.context.failure)}`);
  return done.output!;
}
