/** The real effects of the Followers page: the pages, one follower, the CSV download. */
import { followersMachine } from '#machines/followers.machine.ts';
import { apiEffect } from '#src/api/effect.ts';
import { exportFollowers, getFollower, getFollowers } from '#src/api/followers.ts';

/** Saves a blob under the server's file name, as a download link would. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const liveFollowersLogic = followersMachine.provide({
  actors: {
    loadPage: apiEffect(({ page, q }, signal) => getFollowers(page, undefined, signal, q)),
    loadDetail: apiEffect(({ customerid }, signal) => getFollower(customerid, signal)),
    exportCsv: apiEffect(async (_, signal) => {
      const { blob, filename } = await exportFollowers(signal);
      save(blob, filename);
    }),
  },
});
