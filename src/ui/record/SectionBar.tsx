import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Link } from '../Link';
import { NARROW, useMedia } from '../useMedia';
import classes from './record.module.css';

export interface Section {
  key: string;
  label: string;
  /** A count beside the label ("Incidences 3"). */
  count?: ReactNode;
}

/**
 * The section named by the address's hash (#events), else the first: a reload or Back keeps it. `parts`
 * names places inside a section (#documents in the files): the section holding it is shown.
 */
export function useSection(sections: readonly Section[], parts: Record<string, string> = {}): string {
  const { hash } = useLocation();
  const named = decodeURIComponent(hash.replace(/^#/, ''));
  const wanted = parts[named] ?? named;
  return sections.some((section) => section.key === wanted) ? wanted : (sections[0]?.key ?? '');
}

/**
 * The record's sections one tap away: a row of tabs, or on a phone a picker (the tabs would take three
 * rows). Each is an address (#documents), so Back returns to the one before.
 */
export function SectionBar({ sections, active }: { sections: readonly Section[]; active: string }) {
  const { t } = useTranslation('ui');
  const narrow = useMedia(NARROW);
  const navigate = useNavigate();
  const location = useLocation();
  const to = (key: string) => ({ pathname: location.pathname, search: location.search, hash: key });
  if (narrow)
    return (
      <label className={classes.picker}>
        {t('sections.label')}
        <select
          value={active}
          onChange={(event) => navigate(to(event.currentTarget.value))}
          data-testid="section-picker"
        >
          {sections.map((section) => (
            <option key={section.key} value={section.key}>
              {section.label}
              {section.count !== undefined && section.count !== null ? ` (${section.count})` : ''}
            </option>
          ))}
        </select>
      </label>
    );
  return (
    <nav aria-label={t('sections.label')}>
      <ul className={classes.tabs}>
        {sections.map((section) => (
          <li key={section.key}>
            <Link
              to={to(section.key)}
              className={classes.tab}
              aria-current={section.key === active ? 'true' : undefined}
              data-testid={`section-tab-${section.key}`}
            >
              {section.label}
              {section.count}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
