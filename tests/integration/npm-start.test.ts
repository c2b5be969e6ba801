/**
 * `npm start` as an operator uses it: ready with a URL and a demo account, data kept across a
 * restart, two instances side by side, a clear message for a taken port, and a clean stop on
 * SIGTERM with no child process left behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '@shared/config/app-config';
import {
  descendants,
  isAlive,
  startProcess,
  signInDemo,
  startUntilReady,
  type StartedProcess,
} from '../helpers/start-process';

const dirs: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'edge-start-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function stop(started: StartedProcess) {
  const children = await descendants(started.child.pid!);
  started.child.kill('SIGTERM');
  const code = await started.exited;
  return { code, children };
}

describe('npm start', () => {
  it('serves the app config, keeps data across a restart, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const first = await startUntilReady({ PORT: '0', DATA_DIR: dataDir });
    expect(first.output()).toContain(`Demo account: demo@example.com / ${first.demo.password}`);
    expect(appConfigSchema.parse(await (await fetch(`${first.url}/config.json`)).json())).toMatchObject({
      stage: 'local',
    });

    const token = await signInDemo(first);
    const saved = await fetch(`${first.url}/api/profile`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: 'Kept Across Restarts' }),
    });
    expect(saved.status).toBe(200);

    const { code, children } = await stop(first);
    expect(code).toBe(0);
    // Helpers such as tsx's esbuild service end when their parent's pipe closes, a moment after it.
    await expect.poll(() => children.filter(isAlive), { timeout: 3000 }).toEqual([]);

    const second = await startUntilReady({ PORT: '0', DATA_DIR: dataDir });
    try {
      expect(second.demo).toEqual(first.demo);
      const again = await fetch(`${second.url}/api/profile`, {
        headers: { authorization: `Bearer ${await signInDemo(second)}` },
      });
      expect(await again.json()).toMatchObject({
        email: 'demo@example.com',
        full_name: 'Kept Across Restarts',
      });
    } finally {
      expect((await stop(second)).code).toBe(0);
    }
    // Two starts (45 s each at most) and their stops: the project's 30 s default is not enough on a busy machine.
  }, 150_000);

  it('runs two instances side by side with their own DATA_DIR, and names a taken port', async () => {
    const one = await startUntilReady({ PORT: '0', DATA_DIR: tempDataDir() });
    const two = await startUntilReady({ PORT: '0', DATA_DIR: tempDataDir() });
    try {
      expect(one.url).not.toBe(two.url);
      expect((await fetch(`${one.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${two.url}/api/health`)).status).toBe(200);
      expect(one.demo.password).not.toBe(two.demo.password);

      const port = new URL(one.url).port;
      const clash = startProcess({ PORT: port, DATA_DIR: tempDataDir() });
      let output = '';
      clash.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      clash.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => clash.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} is already in use`);
    } finally {
      await stop(one);
      await stop(two);
    }
    // Two starts (45 s each at most), a third that fails at once, and the stops.
  }, 150_000);

  it('stops when the npm process that started it is killed, leaving nothing behind', async () => {
    const npm = spawn('npm', ['start'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, PORT: '0', DATA_DIR: tempDataDir(), LOG_LEVEL: 'warn' },
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready:\n${output}`)), 90_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /Ready in [\d.]+s: (\S+)/.exec(output);
        if (ready) {
          clearTimeout(timer);
          resolve(ready[1]!);
        }
      };
      npm.stdout.on('data', onData);
      npm.stderr.on('data', onData);
    });
    const tree = await descendants(npm.pid!);
    expect(tree.length).toBeGreaterThan(0);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    // SIGKILL: npm gets no chance to pass anything on.
    npm.kill('SIGKILL');
    await expect
      .poll(async () => (await Promise.all(tree.map(isAlive))).some(Boolean), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(false);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  }, 150_000);
});
