/**
 * The product as a newcomer runs it, for the browser tests (tests/e2e) and the scripts that drive a
 * browser (screenshots, Lighthouse, the calendar's long tasks): users made with the users CLI first
 * (PGlite allows one process per data directory), then scripts/start.mjs (build when stale, then the one
 * process from its bundle) on a free port with its own data directory. No vitest imports here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { planAccounts } from '#machines/samples/demo.samples.ts';
import { buildProcessBundle, processBundleDir, root, serverNodeFlags } from './build.ts';

export type Credentials = { email: string; password: string };

export interface StackInfo {
  baseUrl: string;
  chromium: string;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr, request log lines included (LOG_REQUESTS). */
  logFile: string;
  demo: Credentials;
  /** A BusinessOwners member with status FORCE_CHANGE_PASSWORD (created with the users CLI). */
  tempOwner: Credentials;
  /** A confirmed member of Customers only (created with the users CLI). */
  customer: Credentials;
}

export interface Stack extends StackInfo {
  stop: () => Promise<void>;
}

/** Debian's Chromium, the whole browser: what the measurements (Lighthouse, long tasks, screenshots) run. */
export const findChromium = () =>
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));

/**
 * The Chromium the browser tests drive: Debian's headless shell (package chromium-headless-shell) when it
 * is installed, else the whole browser (findChromium). The same Blink and V8 as the browser, of the same
 * version, without its browser layer, as Playwright's own headless runs use: here a context that shows
 * /login took 1.1 CPU-seconds against 2.9, a sign-in 1.9 against 4.8 (decision 032, fifth pass).
 * CHROMIUM_HEADLESS_SHELL_PATH names another shell; CHROMIUM_PATH alone runs them on that browser.
 */
export const findTestChromium = () =>
  [
    process.env.CHROMIUM_HEADLESS_SHELL_PATH,
    process.env.CHROMIUM_PATH ? undefined : '/usr/bin/chromium-headless-shell',
  ].find((p) => p && existsSync(p)) ?? findChromium();

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

function collect(child: ChildProcess, logFile?: string): () => string {
  let output = '';
  const take = (chunk: Buffer) => {
    output += chunk;
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => output;
}

/** The arguments of a shell command line like the QA plans print (single quotes only). */
const shellWords = (line: string) => [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');

/**
 * `npm run users -- create ...` against the stack's data directory (the server must not be running), from
 * the test bundle of the commands (dist-processes/): plain Node, no TypeScript compiled at each start.
 */
async function createUser(env: NodeJS.ProcessEnv, args: string[]): Promise<void> {
  const child = spawn(process.execPath, [path.join(processBundleDir, 'users.mjs'), 'create', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(child);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`users ${args.join(' ')} failed (${code}):\n${output()}`);
}

export interface StackOptions {
  /** Extra settings for this stack, e.g. a short VERIFY_TOKEN_TTL to let a link expire during a test. */
  env?: Record<string, string>;
  /** Create the CLI users (tempOwner, customer, the QA plans' accounts) first; a stack that needs none saves six processes. */
  cliUsers?: boolean;
  /**
   * A data directory from `cliUsersData` to start from (copied): the CLI users are made once for a pool
   * of stacks instead of six processes per stack. The server has not run on it, so each stack still seeds
   * its demo business at its first start, as a newcomer's does.
   */
  usersFrom?: string;
}

const TEMP_OWNER: Credentials = { email: 'temp.owner@e2e.local', password: 'Temp#2026pass' };
const CUSTOMER: Credentials = { email: 'customer@e2e.local', password: 'Customer#2026' };

/** The CLI users of a stack, made with `npm run users -- create` into `env.DATA_DIR` (no server on it). */
async function createCliUsers(env: NodeJS.ProcessEnv): Promise<void> {
  const cliUsers = [
    [
      ...['--email', TEMP_OWNER.email, '--password', TEMP_OWNER.password],
      ...['--group', 'BusinessOwners', '--status', 'FORCE_CHANGE_PASSWORD'],
      ...['--first', 'Tess', '--last', 'Temp', '--business', 'Tess Tea Room'],
    ],
    [
      ...['--email', CUSTOMER.email, '--password', CUSTOMER.password],
      ...['--group', 'Customers', '--status', 'CONFIRMED', '--first', 'Cass'],
    ],
  ];
  await buildProcessBundle();
  for (const args of cliUsers) await createUser(env, args);
  // The QA plans' accounts, made with the very commands the plans print (tests/e2e/plans-walk.test.ts).
  for (const account of planAccounts) {
    const words = shellWords(account.create ?? '');
    if (words.slice(0, 5).join(' ') !== 'npm run users -- create')
      throw new Error(`not a users command: ${account.create}`);
    await createUser(env, words.slice(5));
  }
}

/** A data directory holding only the CLI users, for `usersFrom`; the caller removes it. */
export async function cliUsersData(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-users-'));
  try {
    await createCliUsers({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return dataDir;
}

export async function startStack(chromiumPath: string, options: StackOptions = {}): Promise<Stack> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const demo = { email: 'owner@demo.local', password: 'DemoOwner#2026' };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The address the browser uses, so links in mails and /config.json name it (not http://localhost).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_EMAIL: demo.email,
    DEMO_PASSWORD: demo.password,
    // On, so that the browser suite's check of the server log (tests/e2e/security.test.ts) reads real lines.
    LOG_REQUESTS: 'true',
    // One stack serves the whole browser suite from one address, and its journeys sign up more people
    // than one phone would in an hour (the limit itself is tested in tests/server/account.test.ts).
    SIGNUP_LIMIT_PER_HOUR: '200',
    // ...and signs in faster than one person would: the browser files sign in for most journeys (the
    // per-address limit itself is tested in tests/server/identity-protocol.test.ts).
    SIGNIN_LIMIT_PER_MINUTE: '600',
    NODE_ENV: 'development',
    ...options.env,
  };
  try {
    if (options.usersFrom) cpSync(options.usersFrom, dataDir, { recursive: true });
    else if (options.cliUsers !== false) await createCliUsers(env);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  // Beside the data directory (PGlite owns that one), removed with it.
  const logFile = `${dataDir}.log`;
  writeFileSync(logFile, '');
  // What `npm start` runs (package.json), without npm in between: plain Node, the server from its bundle.
  const child = spawn(process.execPath, [...serverNodeFlags, path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(child, logFile);
  // A crashed caller (an uncaught error in a script) must not leave the server running.
  const killOnExit = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logFile, { force: true });
  };
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logFile, { force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`npm start exited early:\n${output()}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not become healthy:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, chromium: chromiumPath, dataDir, logFile, demo, tempOwner: TEMP_OWNER, customer: CUSTOMER, stop };
}

/** The team's Chromium flags (README); playwright adds --headless itself. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium, headless; never a browser download. Playwright gives every launch a fresh temporary
 * profile and deletes it on close (it refuses a --user-data-dir argument in launch()).
 */
export async function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
}

/** The newest link with this path in the newest mail to `to` that has one (the dev mailbox lists newest first). */
export async function mailLink(baseUrl: string, to: string, pathname: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const mails = (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as Array<{
      to: string;
      links: string[];
    }>;
    const link = mails
      .filter((m) => m.to.toLowerCase() === to.toLowerCase())
      .flatMap((m) => m.links)
      .find((l) => new URL(l).pathname === pathname);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${pathname} mail to ${to}`);
}
