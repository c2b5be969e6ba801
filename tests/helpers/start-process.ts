/** Runs `npm start`'s entry point as a child process, as an operator would, and reads its output. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { appConfigSchema } from '@shared/config/app-config';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface StartedProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  demo: { email: string; password: string };
  output: () => string;
  exited: Promise<number | null>;
}

export function startProcess(env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
}

/** Starts the runtime and resolves once it prints that it is ready. */
export function startUntilReady(env: Record<string, string>, timeoutMs = 45_000): Promise<StartedProcess> {
  const child = startProcess(env);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Ready in [\d.]+s: (\S+)/.exec(output);
      const demo = /Demo account: (\S+) \/ (\S+)/.exec(output);
      if (ready && demo) {
        clearTimeout(timer);
        resolve({
          child,
          url: ready[1]!,
          demo: { email: demo[1]!, password: demo[2]! },
          output: () => output,
          exited,
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready:\n${output}`));
    });
  });
}

/** Process ids of every descendant of a process (Linux /proc). */
export async function descendants(pid: number): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Signs the started instance's demo account in (through its /config.json pool) and returns the access token. */
export async function signInDemo(started: StartedProcess): Promise<string> {
  const config = appConfigSchema.parse(await (await fetch(`${started.url}/config.json`)).json());
  const client = new CognitoIdentityProviderClient({
    endpoint: config.userPoolEndpoint,
    region: config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: started.demo.email, PASSWORD: started.demo.password },
      }),
    );
    return auth.AuthenticationResult!.AccessToken!;
  } finally {
    client.destroy();
  }
}

/** GET `path` (POST `body` as JSON when given) on the started instance with the bearer token: its status and JSON, whatever the status. */
export async function callRuntime(
  started: StartedProcess,
  token: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${started.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

/** GET `path` on the started instance with the bearer token; the answer's JSON, which must come with a 200. */
export async function getOk(started: StartedProcess, token: string, path: string): Promise<unknown> {
  const response = await fetch(`${started.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const json = (await response.json()) as unknown;
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** POST `body` as JSON to `path` on the started instance with the bearer token; the answer's JSON, which must come with a 200. */
export async function postOk(
  started: StartedProcess,
  token: string,
  path: string,
  body: unknown,
): Promise<unknown> {
  const response = await fetch(`${started.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  if (response.status !== 200) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Reads until `done` holds (the runtime's schedules write in the background): 40 reads, 250 ms apart. */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 40; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('timed out waiting for the runtime to write it');
}
