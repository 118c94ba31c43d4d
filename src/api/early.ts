/**
 * The first GETs of a signed-in page load, sent by the boot entry (src/app/boot.ts) from the stored
 * token while the app's code is still downloading, and handed to the API client when the app asks for
 * them (decision 031). Each answer is used at most once, only for the same address (path and query, as the client
 * writes it: client.ts, `addressOf`) and the same token;
 * any write drops those not yet used (it may change what they say). A refusal is the answer (the client
 * handles it as its own: a 401 signs out); only a network failure is asked again.
 * No imports: the boot entry must stay small. Never log a token.
 */
interface Early {
  token: string;
  /** The answer and its JSON (undefined when it has none); undefined when the network failed. */
  answer: Promise<{ response: Response; data: unknown } | undefined>;
  /** Settles once this answer and every one sent before it have: answers are handed over in send order. */
  inOrder: Promise<unknown>;
}

const sent = new Map<string, Early>();

/** GET each address (a path with its query, on `baseUrl`, '' for this origin) with the bearer token, now. */
export function sendEarly(addresses: readonly string[], token: string, baseUrl = '', fetcher: typeof fetch = fetch) {
  const origin = baseUrl.replace(/\/+$/, '');
  let before: Promise<unknown> = Promise.resolve();
  for (const address of addresses) {
    const answer = fetcher(`${origin}${address}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    }).then(
      async (response) => ({ response, data: (await response.json().catch(() => undefined)) as unknown }),
      () => undefined,
    );
    before = Promise.all([before, answer]);
    sent.set(address, { token, answer, inOrder: before });
  }
}

/**
 * The early answer for this GET, once, with its JSON (undefined when it has none); undefined when there
 * is none to use: none was sent, the token has changed, or the network failed (then the client asks).
 */
export async function takeEarly(
  key: string,
  token: string | undefined,
): Promise<{ response: Response; data: unknown } | undefined> {
  const early = sent.get(key);
  if (!early) return undefined;
  sent.delete(key);
  if (early.token !== token) return undefined;
  // In send order (the user profile before the business profile): when the session has expired, the
  // first refusal the app sees is the one it asked for first, as when it sent them itself.
  await early.inOrder;
  return early.answer;
}

/** A write happened: the answers not yet used may be out of date. */
export function dropEarly(): void {
  sent.clear();
}
