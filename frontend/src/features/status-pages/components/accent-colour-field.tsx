import { TextField } from '@/components/ui/form-field';
import { STATUS_PAGE_TEXT } from '../texts';

/** What the colour input shows while the text holds no colour yet (the app's own indigo). */
const PICKER_FALLBACK = '#4f46e5';
const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The page's accent colour: a colour input to pick it and the hex text beside it, kept in step;
 * the text may be emptied for none. The text is what is saved and checked.
 */
export function AccentColourField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  return (
    <div className="flex items-start gap-3">
      <input
        type="color"
        aria-label={STATUS_PAGE_TEXT.accentPicker}
        value={HEX.test(value.trim()) ? value.trim().toLowerCase() : PICKER_FALLBACK}
        onChange={(event) => onChange(event.target.value)}
        className="mt-7 h-9 w-12 shrink-0 cursor-pointer rounded-lg border-0 bg-white p-1 shadow-sm ring-1 ring-slate-300 ring-inset focus-visible:outline-2 focus-visible:outline-indigo-600"
      />
      <div className="min-w-0 flex-1">
        <TextField
          label={STATUS_PAGE_TEXT.accentColour}
          name="accent_color"
          placeholder="#2563eb"
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={error}
          hint={STATUS_PAGE_TEXT.accentHint}
        />
      </div>
    </div>
  );
}
