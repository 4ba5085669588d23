import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WHO_WAS_TEXTED_TEXTS } from '#shared/who-was-texted-texts';
import type { AlertDelivery } from '#shared/schemas/alert';
import { HELD_TEXT_REASONS } from '#shared/texts';
import { renderWithProviders } from '../../../testing/render-app';
import { DeliveryList } from './delivery-list';

let nextId = 1;
function text(
  name: string,
  status: AlertDelivery['status'],
  extra: Partial<AlertDelivery> = {},
): AlertDelivery {
  nextId += 1;
  return {
    id: `00000004-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    purpose: 'alert',
    channel: 'sms',
    recipient: `+1555000${String(nextId).padStart(4, '0')}`,
    recipient_name: name,
    status,
    attempts: status === 'pending' ? 0 : 1,
    last_error: null,
    next_attempt_at: null,
    sent_at: status === 'sent' ? new Date().toISOString() : null,
    ...extra,
  };
}

/** The names in the rows of one list, by its outcome (texted, in_progress, not_texted). */
function namesIn(outcome: string): string[] {
  const list = document.querySelector(`ul[data-outcome="${outcome}"]`);
  if (!list) return [];
  return within(list as HTMLElement)
    .getAllByTestId('delivery-row')
    .map((row) => row.querySelector('span')?.textContent ?? '');
}

describe('Who was texted', () => {
  it('lists as texted only the texts that went out; the others apart, each saying what happened', () => {
    renderWithProviders(
      <DeliveryList
        deliveries={[
          text('Ada Sent', 'sent'),
          text('Ben Retrying', 'pending'),
          text('Cy Sending', 'sending'),
          text('Dee Failed', 'failed', { last_error: 'Number unreachable' }),
          text('Eve Held', 'failed', {
            attempts: 0,
            held_reason: 'number_hourly_cap',
            last_error: HELD_TEXT_REASONS.number_hourly_cap,
          }),
          text('Fay Outbox', 'kept_in_dev_outbox'),
          text('Gil Cancelled', 'cancelled'),
          text('Guardian push', 'sent', { channel: 'push' }),
          text('All-clear', 'sent', { purpose: 'all_clear' }),
        ]}
      />,
    );
    expect(namesIn('texted')).toEqual(['Ada Sent']);
    expect(namesIn('in_progress')).toEqual(['Ben Retrying', 'Cy Sending']);
    expect(namesIn('not_texted')).toEqual(['Dee Failed', 'Eve Held', 'Fay Outbox', 'Gil Cancelled']);

    const notTexted = screen.getByRole('region', { name: WHO_WAS_TEXTED_TEXTS.notTextedTitle });
    expect(notTexted).toHaveTextContent(WHO_WAS_TEXTED_TEXTS.notTextedHint);
    for (const words of [
      'Failed',
      'Held back',
      HELD_TEXT_REASONS.number_hourly_cap,
      'Not sent (dev outbox)',
    ]) {
      expect(within(notTexted).getByText(words)).toBeInTheDocument();
    }
    const inProgress = screen.getByRole('region', { name: WHO_WAS_TEXTED_TEXTS.inProgressTitle });
    expect(within(inProgress).getByText('Retrying')).toBeInTheDocument();
    expect(within(inProgress).getByText('Sending')).toBeInTheDocument();
  });

  it('says nobody was texted when no text went out, and not yet while some are being sent', () => {
    const { unmount } = renderWithProviders(
      <DeliveryList deliveries={[text('Dee Failed', 'failed'), text('Fay Outbox', 'kept_in_dev_outbox')]} />,
    );
    expect(screen.getByTestId('nobody-texted')).toHaveTextContent(WHO_WAS_TEXTED_TEXTS.nobody);
    expect(namesIn('texted')).toEqual([]);
    unmount();

    renderWithProviders(<DeliveryList deliveries={[text('Ben Retrying', 'pending')]} />);
    expect(screen.getByTestId('nobody-texted')).toHaveTextContent(WHO_WAS_TEXTED_TEXTS.nobodyYet);
    expect(
      screen.queryByRole('region', { name: WHO_WAS_TEXTED_TEXTS.notTextedTitle }),
    ).not.toBeInTheDocument();
  });
});
