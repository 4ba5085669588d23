import { MapPin, ShieldCheck, Siren, UsersRound } from 'lucide-react';
import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { ONBOARDING_TEXTS } from '#shared/onboarding-texts';
import { Button } from '../../../components/ui/button';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';

const ICONS: ReactNode[] = [
  <Siren key="sos" aria-hidden />,
  <UsersRound key="contacts" aria-hidden />,
  <MapPin key="location" aria-hidden />,
  <ShieldCheck key="safety" aria-hidden />,
];

/** A horizontal swipe longer than this (px) changes the slide. */
const SWIPE_THRESHOLD = 50;

/** How the person left the carousel: Skip, or Get Started on the last slide (a newcomer: sign-up). */
export type OnboardingExit = 'skip' | 'get-started';

/** Four slides with Next, Skip and (on the last) Get Started; both call `onFinish` with which one it was. */
export function OnboardingCarousel({ onFinish }: { onFinish: (exit: OnboardingExit) => void }) {
  const slides = ONBOARDING_TEXTS.slides;
  const [index, setIndex] = useState(0);
  const touchStart = useRef<number | null>(null);
  const isLast = index === slides.length - 1;
  const slide = slides[index] ?? slides[0];

  const go = (next: number): void => setIndex(Math.min(Math.max(next, 0), slides.length - 1));
  const onTouchStart = (event: TouchEvent): void => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent): void => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD) return;
    go(end < start ? index + 1 : index - 1);
  };

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col p-6">
      <div className="flex justify-end">
        <Button variant="ghost" onClick={() => onFinish('skip')}>
          {ONBOARDING_TEXTS.skip}
        </Button>
      </div>
      <section
        aria-roledescription="carousel"
        aria-label={ONBOARDING_TEXTS.carouselLabel}
        className="flex flex-1 flex-col"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <div
          key={index}
          role="group"
          aria-roledescription="slide"
          aria-label={ONBOARDING_TEXTS.slideLabel(index + 1, slides.length)}
          aria-live="polite"
          className="flex flex-1 flex-col items-center justify-center gap-6 text-center"
        >
          <span className="flex size-28 items-center justify-center rounded-full bg-primary-soft text-primary-text [&_svg]:size-14">
            {ICONS[index]}
          </span>
          <h1 className="text-3xl font-bold tracking-tight">{slide?.title}</h1>
          <p className="max-w-xs text-lg text-muted-foreground">{slide?.description}</p>
        </div>
        {/* Each dot's target is at least 24 × 24 px (WCAG 2.5.8); the visible dot inside stays small. */}
        <div className="flex justify-center gap-1 py-6">
          {slides.map((item, dot) => (
            <button
              key={item.title}
              type="button"
              onClick={() => go(dot)}
              aria-label={ONBOARDING_TEXTS.goToSlide(dot + 1)}
              aria-current={dot === index ? 'step' : undefined}
              data-testid="slide-dot"
              className={cn(
                'flex h-6 min-w-6 cursor-pointer items-center justify-center rounded-full',
                focusRing,
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'h-2.5 rounded-full transition-all',
                  dot === index ? 'w-8 bg-primary' : 'w-2.5 bg-muted-foreground/60',
                )}
              />
            </button>
          ))}
        </div>
      </section>
      <Button
        size="lg"
        className="w-full"
        onClick={isLast ? () => onFinish('get-started') : () => go(index + 1)}
      >
        {isLast ? ONBOARDING_TEXTS.getStarted : ONBOARDING_TEXTS.next}
      </Button>
    </main>
  );
}
