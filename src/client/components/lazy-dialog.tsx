import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code is downloaded the first time it opens instead of with the screen that holds it, for the
 * heavy ones (forms with their validation and pickers). Once opened it stays mounted, so it closes as usual.
 * `isOpen` reads "open" from the dialog's own props.
 */
export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  isOpen: (props: Props) => boolean,
): ComponentType<Props> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: Props) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    // Adjusting state while rendering (react.dev "storing information from previous renders"): no extra commit.
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
