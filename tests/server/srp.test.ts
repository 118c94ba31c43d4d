import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  claimSignature,
  clientSignature,
  computeU,
  computeX,
  deriveKey,
  expectedSignature,
  fromHex,
  g,
  k,
  modPowN,
  N,
  padHex,
  serverChallenge,
  srpTimestamp,
  TIMESTAMP_FORMAT,
} from '../../server/identity/srp.ts';

const h = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

// docs/identity-protocol.md §3.6
const vector = {
  poolName: 'LocalPool1',
  userId: 'alice',
  password: 'Passw0rd!',
  a: fromHex('6158fd94e240d2290df449ff3dec16a560523fe7d121feaf4006527f5a32b7ba'),
  b: fromHex('1745e9a3365c11bb26fed0a7a1c86384fb2135eb0450975d1c5f481f9490f6f8'),
  salt: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  secretBlock: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
  timestamp: 'Tue Mar 5 09:04:03 UTC 2024',
  signature: 'L116rdUH9F01FRXpp7WHAye7CfvJ54LYtaBasVBpx68=',
};

describe('SRP (Cognito variant)', () => {
  it('PAD is Java BigInteger.toByteArray as hex', () => {
    expect(padHex(20n)).toBe('14');
    expect(padHex(200n)).toBe('00c8');
    expect(padHex(0x1abn)).toBe('01ab');
  });

  it("uses Cognito's k", () => {
    expect(k.toString(16)).toBe('538282c4354742d7cbbde2359fcf67f9f5b3a6b08791e5011b43b8a5b66d9ee6');
  });

  it('reproduces every value of the test vector', () => {
    const A = modPowN(g, vector.a);
    const aHex = A.toString(16);
    expect(aHex.length).toBe(767);
    expect(aHex.startsWith('ac7c981918a2d9bc')).toBe(true);
    expect(aHex.endsWith('696b62563c9b09b0')).toBe(true);
    expect(h(padHex(A))).toBe('c778ce9686c3f243cdecc6834a887e349d5cd2f476692cf6d44664d06d4f79af');

    const x = computeX(vector.salt, vector.poolName, vector.userId, vector.password);
    expect(x.toString(16)).toBe('23ac9e2fc0d103198f12d830428a2e1ddeae7c8c16420c8774e444837aa5311e');
    const v = modPowN(g, x);
    expect(v.toString(16).startsWith('ddcd2ecdfaffbf25')).toBe(true);
    expect(h(padHex(v))).toBe('eddbc437b985ceceeb0d4ab682feaad7923942d8529011f85eb8ced66e9661bd');

    const { B } = serverChallenge(padHex(v), vector.b);
    expect(B.toString(16).startsWith('72e240c025b0ea00')).toBe(true);
    expect(B.toString(16).endsWith('a4cd1ece8f68d447')).toBe(true);
    expect(h(padHex(B))).toBe('ea300329fe236b332980961b9f16e941ffef3436de2ee8caddadb8cc04551a46');

    const u = computeU(A, B);
    expect(u.toString(16)).toBe('272874216acc6c4fded97c0d086afe795b3892c00cf93e18ae17361e483aa016');
    const S = modPowN((A * modPowN(v, u)) % N, vector.b);
    expect(padHex(S).length).toBe(770);
    expect(padHex(S).startsWith('00d7f4063f3ba3ecc4')).toBe(true);
    expect(h(padHex(S))).toBe('f53c1042bbb7274b2fc3d2fc6a358ce42723c09c3b97a8f896f04722282ad130');
    const K = deriveKey(S, u);
    expect(K.toString('hex')).toBe('073c4a946fd13bc7bac6876dca352f82');
    expect(claimSignature(K, vector.poolName, vector.userId, vector.secretBlock, vector.timestamp)).toBe(
      vector.signature,
    );

    // Both halves agree with the vector end to end.
    const common = {
      poolName: vector.poolName,
      userId: vector.userId,
      secretBlock: vector.secretBlock,
      timestamp: vector.timestamp,
    };
    expect(expectedSignature({ ...common, A, B, b: vector.b, verifierHex: padHex(v) })).toBe(vector.signature);
    expect(clientSignature({ ...common, a: vector.a, A, B, saltHex: vector.salt, password: vector.password })).toBe(
      vector.signature,
    );
  });

  it('native modPow equals BigInt square-and-multiply, including degenerate bases', () => {
    const slow = (base: bigint, e: bigint) => {
      let r = 1n;
      let b = base % N;
      for (let x = e; x > 0n; x >>= 1n) {
        if (x & 1n) r = (r * b) % N;
        b = (b * b) % N;
      }
      return r;
    };
    for (const [base, e] of [
      [3n, 2n ** 1000n + 7n],
      [N - 2n, 12345678901234567890n],
      [N - 1n, 3n],
      [1n, 99n],
      [0n, 5n],
      [fromHex('00000001ffff'), 2n ** 255n],
    ] as const) {
      expect(modPowN(base, e)).toBe(slow(base, e));
    }
  });

  it('formats and checks TIMESTAMP like Amplify', () => {
    expect(srpTimestamp(new Date(Date.UTC(2024, 2, 5, 9, 4, 3)))).toBe('Tue Mar 5 09:04:03 UTC 2024');
    expect(TIMESTAMP_FORMAT.test('Tue Mar 5 09:04:03 UTC 2024')).toBe(true);
    expect(TIMESTAMP_FORMAT.test('Tue Mar 05 09:04:03 UTC 2024')).toBe(false);
    expect(TIMESTAMP_FORMAT.test('2024-03-05T09:04:03Z')).toBe(false);
  });
});
