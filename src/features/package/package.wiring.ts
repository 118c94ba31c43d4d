/** The real effect of the My Package page: the business's usage and the plans on offer. */
import type { PackageDashboard, Plan } from '#contracts/packages.ts';
import { loadMachine } from '#machines/load.machine.ts';
import { apiEffect } from '#src/api/effect.ts';
import { errorMessage } from '#src/api/errors.ts';
import { getActivePlans, getPackageDashboard } from '#src/api/packages.ts';

export type PackageData = { dashboard: PackageDashboard['data']; plans: Plan[] | null };

/** The usage is the page; the plans are extra: their failure is logged only (spec §8) and the grid says so. */
export const livePackageLogic = (businessid: string | null) =>
  loadMachine.provide({
    actors: {
      load: apiEffect(async (_, signal): Promise<PackageData> => {
        if (!businessid) throw new Error('No business to show the package of.');
        const plans = getActivePlans(signal).then(
          (answer) => answer.data,
          (error: unknown) => {
            // A request cancelled with its actor (StrictMode's first mount) is no failure to log.
            if (!signal.aborted) console.error('Could not load the available packages', errorMessage(error, ''));
            return null;
          },
        );
        const dashboard = await getPackageDashboard(businessid, signal);
        return { dashboard: dashboard.data, plans: await plans };
      }),
    },
  });
