import { createDiffieHellman, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * SRP-6a exactly as Cognito and Amplify v6 compute it (docs/identity-protocol.md §3): the 3072-bit
 * RFC 3526 prime, g = 2, Cognito's k, hashes over "signed minimal hex" (PAD) forms, the
 * "Caldera Derived Key" HKDF and the PASSWORD_CLAIM_SIGNATURE HMAC. Server and client halves are both
 * here: the server uses the first, tests (acting as a non-Amplify client) the second.
 * Nothing in this module logs; its values are secrets.
 */

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const N = BigInt(`0x${N_HEX}`);
export const g = 2n;
const N_BYTES = Buffer.from(N_HEX, 'hex');

/** Java BigInteger.toByteArray() as hex: even length, and a leading 00 when the top bit is set. */
export function padHex(n: bigint): string {
  let hex = n.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  else if ('89abcdef'.includes(hex[0]!)) hex = `00${hex}`;
  return hex;
}

/** Unsigned hex of any length and case → integer; throws on anything that is not hex. */
export function fromHex(hex: string): bigint {
  if (!/^[0-9a-fA-F]+$/.test(hex)) throw new Error('not hex');
  return BigInt(`0x${hex}`);
}

const sha256 = (...parts: Buffer[]): Buffer => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const padBytes = (n: bigint) => Buffer.from(padHex(n), 'hex');
const toInt = (bytes: Buffer) => BigInt(`0x${bytes.toString('hex') || '0'}`);

/** k = H(PAD(N) || PAD(g)), Cognito's variant (not RFC 5054's). */
export const k = toInt(sha256(padBytes(N), padBytes(g)));

function modPowBigInt(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

const unsignedBytes = (n: bigint) => {
  const hex = n.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
};

/**
 * base^exponent mod N. OpenSSL's Diffie-Hellman computes exactly this natively (≈2 ms for a
 * 1024-bit exponent against ≈13 ms for BigInt); it refuses the degenerate bases 0, 1 and N−1, which
 * only an attacker would send, and those fall back to BigInt.
 */
export function modPowN(base: bigint, exponent: bigint): bigint {
  const b = ((base % N) + N) % N;
  if (exponent === 0n) return 1n;
  if (b > 1n && b < N - 1n) {
    const dh = createDiffieHellman(N_BYTES, Buffer.from([2]));
    dh.setPrivateKey(unsignedBytes(exponent));
    return toInt(dh.computeSecret(unsignedBytes(b)));
  }
  return modPowBigInt(b, exponent, N);
}

/** Pool name = the part after the first underscore of the user pool id. */
export const poolNameOf = (userPoolId: string): string => userPoolId.split('_')[1] ?? '';

/** x = H(PAD(salt) || H(poolName || userId || ":" || password)). */
export function computeX(saltHex: string, poolName: string, userId: string, password: string): bigint {
  const inner = sha256(Buffer.from(`${poolName}${userId}:${password}`, 'utf8'));
  return toInt(sha256(padBytes(fromHex(saltHex)), inner));
}

/** A fresh salt whose wire form already equals its PAD form, and the verifier v = g^x. */
export function makeVerifier(poolName: string, userId: string, password: string, saltBytes = randomBytes(16)) {
  const salt = padHex(toInt(saltBytes));
  const verifier = modPowN(g, computeX(salt, poolName, userId, password));
  return { salt, verifier: padHex(verifier) };
}

/** Whether `password` is the one behind this salt and verifier (no sign-in needed: used to retire known passwords). */
export const verifierMatches = (
  poolName: string,
  userId: string,
  password: string,
  salt: { saltHex: string; verifierHex: string },
): boolean => padHex(modPowN(g, computeX(salt.saltHex, poolName, userId, password))) === salt.verifierHex;

export const computeU = (A: bigint, B: bigint): bigint => toInt(sha256(padBytes(A), padBytes(B)));

/** HKDF-SHA256(IKM = PAD(S), salt = PAD(u), info = "Caldera Derived Key"), 16 bytes. */
export function deriveKey(S: bigint, u: bigint): Buffer {
  const prk = createHmac('sha256', padBytes(u)).update(padBytes(S)).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

export function claimSignature(key: Buffer, poolName: string, userId: string, secretBlock: string, timestamp: string) {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(poolName, 'utf8'),
        Buffer.from(userId, 'utf8'),
        Buffer.from(secretBlock, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest('base64');
}

// ------------------------------------------------------------------ server half

/** B = (k·v + g^b) mod N with a fresh b (256 bits); retries in the negligible case B = 0. */
export function serverChallenge(verifierHex: string, b = toInt(randomBytes(32))): { b: bigint; B: bigint } {
  const v = fromHex(verifierHex);
  const B = (k * v + modPowN(g, b)) % N;
  return B === 0n ? serverChallenge(verifierHex) : { b, B };
}

/** A decoy B for an unknown user: g^b is distributed like k·v + g^b, at the same cost. */
export const decoyB = (): bigint => modPowN(g, toInt(randomBytes(32)));

/** S = (A · v^u)^b mod N, then the expected PASSWORD_CLAIM_SIGNATURE. */
export function expectedSignature(input: {
  A: bigint;
  B: bigint;
  b: bigint;
  verifierHex: string;
  poolName: string;
  userId: string;
  secretBlock: string;
  timestamp: string;
}): string {
  const u = computeU(input.A, input.B);
  const v = fromHex(input.verifierHex);
  const S = modPowN((input.A * modPowN(v, u)) % N, input.b);
  return claimSignature(deriveKey(S, u), input.poolName, input.userId, input.secretBlock, input.timestamp);
}

// ------------------------------------------------------------------ client half (tests, tools)

export function clientStart(a = toInt(randomBytes(128))): { a: bigint; A: bigint } {
  const A = modPowN(g, a);
  return A % N === 0n ? clientStart() : { a, A };
}

export function clientSignature(input: {
  a: bigint;
  A: bigint;
  B: bigint;
  saltHex: string;
  poolName: string;
  userId: string;
  password: string;
  secretBlock: string;
  timestamp: string;
}): string {
  if (input.B % N === 0n) throw new Error('B cannot be zero.');
  const u = computeU(input.A, input.B);
  const x = computeX(input.saltHex, input.poolName, input.userId, input.password);
  const base = (((input.B - ((k * modPowN(g, x)) % N)) % N) + N) % N;
  const S = modPowN(base, input.a + u * x);
  return claimSignature(deriveKey(S, u), input.poolName, input.userId, input.secretBlock, input.timestamp);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** "Tue Mar 5 09:04:03 UTC 2024", as Amplify formats TIMESTAMP. */
export const srpTimestamp = (date: Date): string =>
  `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${two(date.getUTCHours())}:` +
  `${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;

export const TIMESTAMP_FORMAT =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d UTC \d{4}$/;
