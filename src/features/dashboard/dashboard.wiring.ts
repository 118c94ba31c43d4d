/** The real effects of the dashboard's machines: the composer, the feed and the stats. */
import { fromPromise } from 'xstate';
import type { UploadTarget } from '#contracts/posts.ts';
import { loadMachine } from '#machines/load.machine.ts';
import type { Photo } from '#machines/post-composer.machine.ts';
import { postComposerMachine } from '#machines/post-composer.machine.ts';
import { uploadFile } from '#src/api/client.ts';
import { toFailure } from '#src/api/errors.ts';
import { canCreatePost, getUserStats, getVoucherStats } from '#src/api/packages.ts';
import { createPost, getMyPosts, getUploadTarget } from '#src/api/posts.ts';

/** Calls the API; a failure becomes the machine's Failure (message, network, status). */
const call = <I, O = unknown>(run: (input: I, signal: AbortSignal) => Promise<O>) =>
  fromPromise<O, I>(async ({ input, signal }) => {
    try {
      return await run(input, signal);
    } catch (error) {
      throw toFailure(error);
    }
  });

export const liveComposerLogic = postComposerMachine.provide({
  actors: {
    checkLimit: call(({ businessid }: { businessid: string }, signal) => canCreatePost(businessid, signal)),
    getUploadTarget: call(({ filename, fileType }: { filename: string; fileType: string }, signal) =>
      getUploadTarget(filename, fileType, signal),
    ),
    uploadPhoto: call(({ target, photo }: { target: UploadTarget; photo: Photo }, signal) =>
      uploadFile(target.uploadUrl, photo.data ?? new Blob(), photo.type, signal),
    ),
    createPost: call(
      ({ businessid, ...body }: { businessid: string; content: string | null; imageUrl: string | null }, signal) =>
        createPost(businessid, body, signal),
    ),
  },
});

export const liveFeedLogic = loadMachine.provide({
  actors: { load: call<void, unknown>((_, signal) => getMyPosts(signal)) },
});

export const liveStatsLogic = loadMachine.provide({
  actors: {
    load: call<void, unknown>(async (_, signal) => {
      const [users, vouchers] = await Promise.all([getUserStats(signal), getVoucherStats(signal)]);
      return { users, vouchers };
    }),
  },
});
