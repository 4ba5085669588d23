import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import { VALIDATION } from '#shared/texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/form-field';
import { useRedeemInviteCode } from '../api/redeem-invite-code';

/** Longer than any code (8 characters) with room for pasted spaces; the server answers anything else. */
const MAX_INPUT_LENGTH = 64;

/**
 * Enter an invite code and press Send Request: the entry is forced to uppercase, the button
 * is disabled while the field is empty, and a blank attempt (spaces only) says 'Please enter a valid invite code.'
 * See docs/PRODUCT.md#invite-codes.
 */
export function RedeemCodeForm({ userId }: { userId: string }) {
  const titleId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const redeem = useRedeemInviteCode(userId);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const entered = code.trim();
    if (entered === '') {
      setError(VALIDATION.inviteCodeBlank);
      return;
    }
    setError(null);
    redeem.mutate(entered, { onSuccess: () => setCode('') });
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{GUARDIAN_PAGE_TEXTS.redeemTitle}</CardTitle>
        <CardDescription>{GUARDIAN_PAGE_TEXTS.redeemDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <FormField label={GUARDIAN_PAGE_TEXTS.codeLabel} error={error} className="gap-3">
            {(control) => (
              <div className="flex gap-2">
                <Input
                  {...control}
                  value={code}
                  onChange={(event) => {
                    setCode(event.target.value.toUpperCase());
                    if (error) setError(null);
                  }}
                  placeholder={GUARDIAN_PAGE_TEXTS.codePlaceholder}
                  autoCapitalize="characters"
                  autoComplete="off"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={MAX_INPUT_LENGTH}
                  className="font-mono tracking-widest uppercase"
                />
                <Button type="submit" disabled={code === '' || redeem.isPending} className="h-11">
                  <Send aria-hidden />
                  {redeem.isPending ? GUARDIAN_PAGE_TEXTS.sending : GUARDIAN_PAGE_TEXTS.sendRequest}
                </Button>
              </div>
            )}
          </FormField>
        </form>
      </CardContent>
    </Card>
  );
}
