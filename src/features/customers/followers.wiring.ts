/** The real effects of the Followers page: the pages, one follower, the CSV download. */
import { fromPromise } from 'xstate';
import type { FollowerDetail, FollowersPage } from '#contracts/followers.ts';
import { followersMachine } from '#machines/followers.machine.ts';
import { toFailure } from '#src/api/errors.ts';
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
    loadPage: fromPromise<FollowersPage, { page: number }>(async ({ input, signal }) => {
      try {
        return await getFollowers(input.page, undefined, signal);
      } catch (error) {
        throw toFailure(error);
      }
    }),
    loadDetail: fromPromise<FollowerDetail, { customerid: string }>(async ({ input, signal }) => {
      try {
        return await getFollower(input.customerid, signal);
      } catch (error) {
        throw toFailure(error);
      }
    }),
    exportCsv: fromPromise<void, void>(async ({ signal }) => {
      try {
        const { blob, filename } = await exportFollowers(signal);
        save(blob, filename);
      } catch (error) {
        throw toFailure(error);
      }
    }),
  },
});
