import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';

type SubPageHeaderProps = { title: string; backTo: string; backLabel: string; actions?: ReactNode };

/** The header of a screen below the dashboard: a back link, the page's <h1>, and optional actions. */
export function SubPageHeader({ title, backTo, backLabel, actions }: SubPageHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b bg-card">
      <div className="mx-auto flex h-14 w-full max-w-lg items-center gap-2 px-3">
        <Button asChild variant="ghost" size="icon" aria-label={backLabel}>
          <Link to={backTo}>
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
        </Button>
        <h1 className="flex-1 truncate text-lg font-bold">{title}</h1>
        <div className="flex items-center gap-1">{actions}</div>
      </div>
    </header>
  );
}
