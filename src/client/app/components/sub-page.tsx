import type { ReactNode } from 'react';
import { SubPageHeader } from './sub-page-header';

type SubPageProps = {
  /** The page's <h1>. */
  title: string;
  backTo: string;
  backLabel: string;
  /** Shown at the end of the header, e.g. the theme toggle. */
  actions?: ReactNode;
  /** The muted line that opens the page, when it has one. */
  description?: string;
  children: ReactNode;
};

/** The frame of a screen below the dashboard: its header (back link, <h1>, actions), then its <main> column. */
export function SubPage({ title, backTo, backLabel, actions, description, children }: SubPageProps) {
  return (
    <>
      <SubPageHeader title={title} backTo={backTo} backLabel={backLabel} actions={actions} />
      <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 pt-4 pb-24">
        {description === undefined ? null : <p className="text-sm text-muted-foreground">{description}</p>}
        {children}
      </main>
    </>
  );
}
