import { ArrowLeft, Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLACEHOLDER_TEXTS } from '#shared/ui-texts';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { paths } from '../../lib/paths';

/**
 * A titled stand-in for a screen Beacon does not have yet (Escort Mode and Check-In today), which says so, so
 * that the bottom navigation and deep links lead somewhere sensible instead of nowhere.
 */
export function PlaceholderPage({ title, icon }: { title: string; icon: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-lg flex-col gap-4 px-4 pt-4 pb-24">
      <header className="flex items-center gap-2">
        <Button asChild variant="ghost" size="icon" aria-label={PLACEHOLDER_TEXTS.backHome}>
          <Link to={paths.home}>
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
        </Button>
        <h1 className="text-xl font-bold">{title}</h1>
      </header>
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-text [&_svg]:size-7">
          {icon}
        </span>
        <p className="text-muted-foreground">{PLACEHOLDER_TEXTS.laterWork}</p>
        <Hammer className="size-4 text-muted-foreground" aria-hidden />
      </Card>
    </main>
  );
}
