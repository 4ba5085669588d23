import { Languages } from 'lucide-react';
import type { ReactNode } from 'react';
import { SETTINGS_TEXTS } from '#shared/settings-texts';

/** Theme choice (from the theme feature, passed in) and the language, which is English (US) only for now. */
export function AppPreferencesSection({ themePicker }: { themePicker: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="theme-title" className="flex flex-col gap-3">
        <h3 id="theme-title" className="font-semibold">
          {SETTINGS_TEXTS.theme}
        </h3>
        {themePicker}
      </section>
      <section aria-labelledby="language-title" className="flex flex-col gap-3">
        <h3 id="language-title" className="font-semibold">
          {SETTINGS_TEXTS.language}
        </h3>
        <p className="flex items-center gap-3 rounded-xl border p-4">
          <Languages className="size-5 text-muted-foreground" aria-hidden />
          <span>{SETTINGS_TEXTS.languageValue}</span>
        </p>
      </section>
    </div>
  );
}
