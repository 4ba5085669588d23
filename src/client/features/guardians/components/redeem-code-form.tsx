import { Send } from 'lucide-react';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import { RedeemInviteCodeRequestSchema } from '#shared/schemas/guardian';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/form-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRedeemInviteCode } from '../api/redeem-invite-code';

/** The schema's longest entry: a code (8 characters) with room for pasted spaces; the server answers the rest. */
const MAX_INPUT_LENGTH = 64;

/**
 * Enter an invite code and press Send Request: the entry is forced to uppercase, the button
 * is disabled while the field is empty, and a blank attempt (spaces only) says 'Please enter a valid invite code.'
 * See docs/PRODUCT.md#invite-codes.
 */
export function RedeemCodeForm({ userId }: { userId: string }) {
  const titleId = useId();
  const redeem = useRedeemInviteCode(userId);
  const form = useSchemaForm(RedeemInviteCodeRequestSchema, { defaultValues: { code: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ code }) => {
    redeem.mutate(code, { onSuccess: () => form.reset() });
  });

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{GUARDIAN_PAGE_TEXTS.redeemTitle}</CardTitle>
        <CardDescription>{GUARDIAN_PAGE_TEXTS.redeemDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <FormField label={GUARDIAN_PAGE_TEXTS.codeLabel} error={errors.code?.message} className="gap-3">
            {(control) => (
              <Controller
                control={form.control}
                name="code"
                render={({ field }) => (
                  <div className="flex gap-2">
                    <Input
                      {...control}
                      {...field}
                      onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                      placeholder={GUARDIAN_PAGE_TEXTS.codePlaceholder}
                      autoCapitalize="characters"
                      autoComplete="off"
                      autoCorrect="off"
                      spellCheck={false}
                      maxLength={MAX_INPUT_LENGTH}
                      className="font-mono tracking-widest uppercase"
                    />
                    <Button type="submit" disabled={field.value === '' || redeem.isPending} className="h-11">
                      <Send aria-hidden />
                      {redeem.isPending ? GUARDIAN_PAGE_TEXTS.sending : GUARDIAN_PAGE_TEXTS.sendRequest}
                    </Button>
                  </div>
                )}
              />
            )}
          </FormField>
        </form>
      </CardContent>
    </Card>
  );
}
