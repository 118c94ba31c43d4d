import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Env } from '../env.ts';

/** The address at the other end of the TCP connection (a proxy, when there is one). */
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address ?? undefined;
  } catch {
    return undefined;
  }
}

/** The addresses a trusted proxy reports, oldest first; the caller controls all but the last. */
const forwardedFor = (c: Context): string[] =>
  (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * The caller's address for per-IP limits. X-Forwarded-For is read only with TRUST_PROXY=true (one
 * reverse proxy in front), and then only its last entry: the one our proxy added. Entries before it
 * come from the caller and could say anything.
 */
export function clientIp(c: Context, env: Pick<Env, 'TRUST_PROXY'>): string {
  if (env.TRUST_PROXY === 'true') {
    const last = forwardedFor(c).at(-1);
    if (last) return last;
  }
  return socketAddress(c) ?? 'unknown';
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}

/**
 * A caller on this computer: the connection comes from a loopback address and, behind a trusted
 * proxy, so does every address the proxy reports. Without TRUST_PROXY, X-Forwarded-For is ignored.
 */
export function isLocalCaller(c: Context, env: Pick<Env, 'TRUST_PROXY'>): boolean {
  if (!isLoopback(socketAddress(c))) return false;
  return env.TRUST_PROXY !== 'true' || forwardedFor(c).every(isLoopback);
}

/**
 * The origin of this server as it listens: http://localhost:PORT for a loopback or every-interface
 * bind, else the bound address. Never from the request's Host header, which the caller chooses.
 */
export function listeningOrigin(host: string, port: number): string {
  const everywhere = host === '0.0.0.0' || host === '::' || host === '';
  const name = everywhere || isLoopback(host) || host === 'localhost' ? 'localhost' : host;
  return `http://${isIP(name) === 6 ? `[${name}]` : name}:${port}`;
}

/**
 * The portal's public origin, for links in e-mails and /config.json: PUBLIC_URL, else this server's
 * listening origin (the port the connection arrived on, which PORT=0 only knows once listening).
 */
export function publicOrigin(c: Context, env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return listeningOrigin(env.HOST, incoming?.socket?.localPort ?? env.PORT);
}
