import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS, TOASTS } from '#shared/texts';
import { ApiError } from './api-client';
import { errorDescription, notifyError } from './notify-error';
import { toast } from './toast';

const refused = new ApiError(400, 'validation_failed', 'You can add at most 5 contacts.');
const failed = new ApiError(500, 'internal', 'Something went wrong. Please try again.');

describe('errorDescription()', () => {
  it("shows an ApiError's own message by default", () => {
    expect(errorDescription(failed)).toBe('Something went wrong. Please try again.');
  });

  it('falls back for anything that is not an ApiError (network failure, bug)', () => {
    expect(errorDescription(new TypeError('Failed to fetch'))).toBe(ERRORS.internal);
    expect(errorDescription('boom', { fallback: 'Could not save.' })).toBe('Could not save.');
  });

  it('shows the server message only for the codes named, the fallback for the rest', () => {
    const options = { fallback: TOASTS.contactSaveFailed, serverMessageFor: ['validation_failed'] as const };
    expect(errorDescription(refused, options)).toBe('You can add at most 5 contacts.');
    expect(errorDescription(failed, options)).toBe(TOASTS.contactSaveFailed);
    expect(errorDescription(refused, { fallback: 'Load failed', serverMessageFor: [] })).toBe('Load failed');
  });
});

describe('notifyError()', () => {
  afterEach(() => vi.restoreAllMocks());

  it("raises one 'Error' toast with the description", () => {
    const raised = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    notifyError(refused);
    expect(raised).toHaveBeenCalledTimes(1);
    expect(raised).toHaveBeenCalledWith(TOASTS.error, { description: 'You can add at most 5 contacts.' });
  });

  it('takes a title and one action when "Error" says too little', () => {
    const raised = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const action = { label: 'Text contacts', onClick: vi.fn() };
    notifyError(refused, { title: 'Beacon did not send your saved alert', action });
    expect(raised).toHaveBeenCalledWith('Beacon did not send your saved alert', {
      description: 'You can add at most 5 contacts.',
      action,
    });
  });
});
