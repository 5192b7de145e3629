import { Link } from 'react-router-dom';
import { SelectField } from '@/components/ui/form-field';
import type { SettingsSectionId } from '../utils/sections';
import { useVisibleSections } from '../hooks/use-visible-sections';
import { SectionIcon } from './section-icons';

interface SettingsNavProps {
  current: SettingsSectionId;
  /** The address of a section, keeping the rest of the query. */
  hrefOf: (section: SettingsSectionId) => string;
  onChoose: (section: SettingsSectionId) => void;
}

/** docs/product-rules.md "Settings": the sections are chosen by a sidebar on wide screens and a dropdown on narrow ones. */
export function SettingsNav({ current, hrefOf, onChoose }: SettingsNavProps) {
  const sections = useVisibleSections();
  return (
    <>
      <div className="md:hidden">
        <SelectField
          label="Settings section"
          name="section"
          value={current}
          onChange={(event) => onChoose(event.target.value as SettingsSectionId)}
          options={sections.map(({ id, label }) => ({ value: id, label }))}
        />
      </div>
      <nav aria-label="Settings sections" className="hidden md:block">
        <ul className="space-y-1">
          {sections.map(({ id, label }) => {
            const active = id === current;
            return (
              <li key={id}>
                <Link
                  to={hrefOf(id)}
                  replace
                  aria-current={active ? 'page' : undefined}
                  className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                    active ? 'bg-white text-indigo-700 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:bg-white hover:text-slate-900'
                  }`}
                >
                  <SectionIcon section={id} className={`size-5 shrink-0 ${active ? 'text-indigo-600' : 'text-slate-400'}`} />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
