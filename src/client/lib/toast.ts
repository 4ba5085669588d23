import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;
type Message = Parameters<Sonner['toast']['success']>[0];

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;

/**
 * Sonner, the toasts' library, is one module holding both `toast()` and the `<Toaster>`: importing it anywhere in
 * the first download would put all of it there. It loads instead with the app's toaster, which asks for it as the
 * first screen renders (app/components/app-toaster.tsx); the service worker keeps it for offline use.
 */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => (sonner = module),
    (error: unknown) => {
      // The chunk could not be fetched: the next toast asks again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Shows (or dismisses) at once when sonner is there, else as soon as it is. Calls made before it arrives run in
 * the order they were made, and sonner replays the toasts still open to the toaster when it mounts.
 */
function withSonner(show: (toast: Sonner['toast']) => void): void {
  if (sonner) {
    show(sonner.toast);
    return;
  }
  loadSonner().then(
    (module) => show(module.toast),
    (error: unknown) => console.warn('Could not load the toasts', error),
  );
}

/**
 * The app's toasts: sonner's `toast.*` for every kind the app uses. Give a toast an `id` in its options to
 * dismiss or replace it later.
 */
export const toast = {
  success: (message: Message, data?: ExternalToast): void => withSonner((t) => t.success(message, data)),
  error: (message: Message, data?: ExternalToast): void => withSonner((t) => t.error(message, data)),
  info: (message: Message, data?: ExternalToast): void => withSonner((t) => t.info(message, data)),
  warning: (message: Message, data?: ExternalToast): void => withSonner((t) => t.warning(message, data)),
  /** Every toast, or the one with this id. */
  dismiss: (id?: string | number): void => withSonner((t) => t.dismiss(id)),
};
