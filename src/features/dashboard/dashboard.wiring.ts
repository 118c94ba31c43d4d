/** The real effects of the dashboard's machines: the composer, the feed and the stats. */
import { loadMachine } from '#machines/load.machine.ts';
import { postComposerMachine } from '#machines/post-composer.machine.ts';
import { uploadFile } from '#src/api/client.ts';
import { apiEffect } from '#src/api/effect.ts';
import { canCreatePost, getUserStats, getVoucherStats } from '#src/api/packages.ts';
import { createPost, getMyPosts, getUploadTarget } from '#src/api/posts.ts';

export const liveComposerLogic = postComposerMachine.provide({
  actors: {
    checkLimit: apiEffect(({ businessid }, signal) => canCreatePost(businessid, signal)),
    getUploadTarget: apiEffect(({ filename, fileType }, signal) => getUploadTarget(filename, fileType, signal)),
    uploadPhoto: apiEffect(({ target, photo }, signal) =>
      uploadFile(target.uploadUrl, photo.data ?? new Blob(), photo.type, signal),
    ),
    createPost: apiEffect(({ businessid, ...body }, signal) => createPost(businessid, body, signal)),
  },
});

export const liveFeedLogic = loadMachine.provide({
  actors: { load: apiEffect((_, signal) => getMyPosts(signal)) },
});

export const liveStatsLogic = loadMachine.provide({
  actors: {
    load: apiEffect(async (_, signal) => {
      const [users, vouchers] = await Promise.all([getUserStats(signal), getVoucherStats(signal)]);
      return { users, vouchers };
    }),
  },
});
