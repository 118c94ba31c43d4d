import type { PageProps } from '#src/lib/page.ts';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { SparkIcon } from '#src/ui/icons.tsx';
import { Page } from '#src/ui/page.tsx';

/** Stands in for the pages later issues build, so every navigation entry already leads somewhere tidy. */
export default function ComingSoon({ title }: PageProps) {
  return (
    <Page title={title}>
      <section className="card">
        <EmptyState icon={<SparkIcon />} title="Coming soon">
          This part of the portal is on its way.
        </EmptyState>
      </section>
    </Page>
  );
}
