import { SOS_TEXTS } from '#shared/ui-texts';
import { Card, CardTitle } from '../../../components/ui/card';

/** The three instructions (docs/PRODUCT.md#sos-page), worded to match the button: one tap, not a hold. */
export function SosInstructions({ id }: { id?: string }) {
  return (
    <Card className="p-5">
      <CardTitle as="h2">{SOS_TEXTS.instructionsTitle}</CardTitle>
      <ol id={id} className="mt-3 flex flex-col gap-3">
        {SOS_TEXTS.instructions.map((instruction, index) => (
          <li key={instruction} className="flex gap-3 text-sm">
            <span
              aria-hidden
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-bold text-primary-text"
            >
              {index + 1}
            </span>
            <span>{instruction}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
