/**
 * The first GETs of a signed-in page load, sent by the boot entry (src/app/boot.ts) from the stored
 * token while the app's code is still downloading, and handed to the API client when the app asks for
 * them (decision 031). Each answer is used at most once, only for the same path and the same token; any
 * write drops those not yet used (it may change what they say). Anything but a 2xx answer with JSON is
 * not used: the client then asks again itself, so refusals and failures keep their usual handling.
 * No imports: the boot entry must stay small. Never log a token.
 */
interface Early {
  token: string;
  answer: Promise<Response | undefined>;
}

const sent = new Map<string, Early>();

/** GET each path (on `baseUrl`, '' for this origin) with the bearer token, now. */
export function sendEarly(paths: readonly string[], token: string, baseUrl = '', fetcher: typeof fetch = fetch): void {
  const origin = baseUrl.replace(/\/+$/, '');
  for (const path of paths) {
    const answer = fetcher(`${origin}${path}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    }).catch(() => undefined);
    sent.set(path, { token, answer });
  }
}

/** The JSON of the early answer for this GET, once; undefined when there is none to use. */
export async function takeEarly(path: string, token: string | undefined): Promise<{ data: unknown } | undefined> {
  const early = sent.get(path);
  if (!early) return undefined;
  sent.delete(path);
  if (early.token !== token) return undefined;
  const answer = await early.answer;
  if (!answer?.ok) return undefined;
  try {
    return { data: await answer.json() };
  } catch {
    return undefined;
  }
}

/** A write happened: the answers not yet used may be out of date. */
export function dropEarly(): void {
  sent.clear();
}
