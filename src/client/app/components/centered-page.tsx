import type { ReactNode } from 'react';

/** A single card in the middle of the screen (login, errors, success pages). */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center gap-6 p-4">
      {children}
    </main>
  );
}
