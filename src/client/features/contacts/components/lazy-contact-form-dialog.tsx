import { lazyDialog } from '../../../components/lazy-dialog';

/** The add/edit contact dialog, downloaded with its form library the first time it opens. */
export const LazyContactFormDialog = lazyDialog(
  async () => (await import('./contact-form-dialog')).ContactFormDialog,
  ({ controller }) => controller.state.mode !== 'closed',
);
