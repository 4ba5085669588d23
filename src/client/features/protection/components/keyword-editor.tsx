import { Plus, X } from 'lucide-react';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { addKeyword, removeKeyword } from '#shared/detection/keywords';
import { PROTECTION } from '#shared/protection';
import { PROTECTION_TEXTS as T } from '#shared/protection-ui-texts';
import { keywordFormSchema } from '#shared/schemas/protection-keyword-form';
import { Button } from '../../../components/ui/button';
import { focusRing } from '../../../components/ui/focus-ring';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useSchemaForm } from '../../../lib/use-schema-form';

type KeywordEditorProps = {
  keywords: readonly string[];
  onChange: (keywords: string[]) => void;
};

/**
 * Voice Activation's keywords: each with its remove button, and a field to add one (trimmed, lower-cased,
 * non-empty, unique: the settings' own rules). Add is disabled while the field is empty.
 */
export function KeywordEditor({ keywords, onChange }: KeywordEditorProps) {
  const schema = useMemo(() => keywordFormSchema(keywords), [keywords]);
  const form = useSchemaForm(schema, { defaultValues: { keyword: '' } });
  const typed = useWatch({ control: form.control, name: 'keyword' });
  const submit = form.handleSubmit(({ keyword }) => {
    onChange(addKeyword(keywords, keyword));
    form.reset({ keyword: '' });
  });
  return (
    <div className="flex flex-col gap-3">
      <h4 id="protection-keywords" className="text-sm font-medium">
        {T.keywordsLabel}
      </h4>
      {keywords.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.noKeywords}</p>
      ) : (
        <ul aria-labelledby="protection-keywords" className="flex flex-wrap gap-2" data-testid="keyword-list">
          {keywords.map((keyword) => (
            <li
              key={keyword}
              className="flex items-center gap-1 rounded-full border bg-muted py-1 pr-1 pl-3 text-sm"
            >
              <span>{keyword}</span>
              <button
                type="button"
                aria-label={T.removeKeyword(keyword)}
                onClick={() => onChange(removeKeyword(keywords, keyword))}
                className={cn(
                  'inline-flex size-8 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-background hover:text-foreground',
                  focusRing,
                )}
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate>
        <FormField label={T.keywordInput} error={form.formState.errors.keyword?.message}>
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                placeholder={T.keywordPlaceholder}
                autoComplete="off"
                autoCapitalize="none"
                maxLength={PROTECTION.keywordMaxLength + 10}
                {...form.register('keyword')}
              />
              <Button type="submit" className="h-11" disabled={typed.trim() === ''}>
                <Plus aria-hidden />
                {T.addKeyword}
              </Button>
            </div>
          )}
        </FormField>
      </form>
    </div>
  );
}
