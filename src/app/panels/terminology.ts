/** Links from codes to public terminology browsers. Glosa-local identifiers ("L…") have none. */
import type { Code } from '../../core/contract.ts';

export interface CodeLink {
  readonly system: string;
  readonly code: string;
  readonly href: string | undefined;
}

const q = encodeURIComponent;

const BROWSERS: Record<keyof Code, { system: string; href: (code: string) => string | undefined }> = {
  umls: { system: 'UMLS CUI', href: (c) => (/^C\d{7}$/.test(c) ? `https://uts.nlm.nih.gov/uts/umls/concept/${q(c)}` : undefined) },
  snomed_ct: {
    system: 'SNOMED CT',
    href: (c) => `https://browser.ihtsdotools.org/?perspective=full&conceptId1=${q(c)}&edition=MAIN&release=&languages=en,es`,
  },
  icd10_cm: { system: 'ICD-10-CM', href: (c) => `https://www.icd10data.com/search?s=${q(c)}` },
  // A range ("338-338.99") is searched by its first code.
  icd9_cm: { system: 'ICD-9-CM', href: (c) => `https://www.icd9data.com/Search.aspx?q=${q(c.split('-')[0] ?? c)}` },
  loinc: { system: 'LOINC', href: (c) => `https://loinc.org/search/?t=1&s=${q(c)}` },
};

export function codeLinks(code: Code): CodeLink[] {
  const links: CodeLink[] = [];
  for (const key of Object.keys(BROWSERS) as (keyof Code)[]) {
    const value = code[key];
    const codes = typeof value === 'string' ? [value] : (value ?? []);
    const browser = BROWSERS[key];
    for (const c of codes) links.push({ system: browser.system, code: c, href: browser.href(c) });
  }
  return links;
}
