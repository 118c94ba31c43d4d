/**
 * The first GETs of a signed-in page load, sent by the boot entry (src/app/boot.ts) from the stored
 * token while the app's code is still downloading, and handed to the API client when the app asks for
 * them (decision 031). Each answer is used at most once, only for the same address (path and query, as the client
 * writes it: client.ts, `addressOf`) and the same token;
 * any write drops those not yet used (it may change what they say). Anything but a 2xx answer with JSON
 * is not used: the client then asks again itself, so refusals and failures keep their usual handling.
 * No imports: the boot entry must stay small. Never log a token.
 */
interface Early {
  token: string;
  answer: Promise<Response | undefined>;
}

const sent = new Map<string, Early>();

/** GET each address (a path with its query, on `baseUrl`, '' for this origin) with the bearer token, now. */
export function sendEarly(addresses: readonly string[], token: string, baseUrl = '', fetcher: typeof fetch = fetch) {
  const origin = baseUrl.replace(/\/+$/, '');
  for (const address of addresses) {
    const answer = fetcher(`${origin}${address}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    }).catch(() => undefined);
    sent.set(address, { token, answer });
  }
}

/** The JSON and ETag of the early answer for this GET, once; undefined when there is none to use. */
export async function takeEarly(
  key: string,
  token: string | undefined,
): Promise<{ data: unknown; etag: string | null } | undefined> {
  const early = sent.get(key);
  if (!early) return undefined;
  sent.delete(key);
  if (early.token !== token) return undefined;
  const answer = await early.answer;
  if (!answer?.ok) return undefined;
  try {
    return { data: await answer.json(), etag: answer.headers.get('etag') };
  } catch {
    return undefined;
  }
}

/** A write happened: the answers not yet used may be out of date. */
export function dropEarly(): void {
  sent.clear();
}
