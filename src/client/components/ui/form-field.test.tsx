import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { Input } from './input';

describe('<FormField>', () => {
  it('labels its control', () => {
    render(<FormField label="Email">{(control) => <Input {...control} />}</FormField>);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('id');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('describes the control by its hint', () => {
    render(
      <FormField label="Phone" hint="With the country code">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('With the country code');
  });

  it('marks the control invalid and describes it by the error first, then the hint', () => {
    render(
      <FormField label="Phone" hint="With the country code" error="Enter a valid phone number">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid phone number With the country code');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid phone number');
  });

  it('gives every field its own id, and keeps an action beside the label outside it', () => {
    render(
      <>
        <FormField label="Password" labelAction={<button type="button">Forgot password?</button>}>
          {(control) => <Input {...control} type="password" />}
        </FormField>
        <FormField label="Name">{(control) => <Input {...control} />}</FormField>
      </>,
    );
    expect(screen.getByLabelText('Password').id).not.toBe(screen.getByLabelText('Name').id);
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
  });
});
