/**
 * Every SNOMED CT code of the default lexicon is a concept of SNOMED International's Global Patient
 * Set, read from the FHIR terminology package `hl7.terminology.r4` (devDependency; its
 * `ValueSet-snomed-intl-gps.json` enumerates the GPS), or a code listed, with its English name and the
 * table that names it, in `sct-outside-gps/*.tsv` (issue 26; format in POLICY.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPath } from '../repo-paths.ts';
import { snomedProblem } from './checks.ts';
import { readLexiconDir } from './load.ts';

const SNOMED = 'http://snomed.info/sct';
const GPS_FILE = repoPath('node_modules', 'hl7.terminology.r4', 'ValueSet-snomed-intl-gps.json');
const LISTS_DIR = repoPath('src', 'lexicon', 'sct-outside-gps');

interface ValueSetInclude {
  readonly system?: string;
  readonly concept?: readonly { readonly code: string; readonly display?: string }[];
}

/** The GPS's codes with their fully specified names. */
function gpsNames(): Map<string, string> {
  const valueSet = JSON.parse(readFileSync(GPS_FILE, 'utf8')) as { compose?: { include?: ValueSetInclude[] } };
  const names = new Map<string, string>();
  for (const include of valueSet.compose?.include ?? []) {
    if (include.system !== SNOMED) continue;
    for (const concept of include.concept ?? []) names.set(concept.code, concept.display ?? '');
  }
  return names;
}

interface ListedCode {
  readonly file: string;
  readonly line: number;
  readonly sctid: string;
  readonly name: string;
  readonly source: string;
}

/** The lines of every list: `sctid<TAB>English name<TAB>source`; `#` starts a comment line. */
function listedCodes(): ListedCode[] {
  const files = readdirSync(LISTS_DIR)
    .filter((f) => f.endsWith('.tsv'))
    .sort();
  return files.flatMap((file) =>
    readFileSync(join(LISTS_DIR, file), 'utf8')
      .split('\n')
      .map((text, i) => ({ text, line: i + 1 }))
      .filter(({ text }) => text.trim() !== '' && !text.startsWith('#'))
      .map(({ text, line }) => {
        const [sctid = '', name = '', source = ''] = text.split('\t');
        return { file, line, sctid, name: name.trim(), source: source.trim() };
      }),
  );
}

const gps = gpsNames();
const lexicon = readLexiconDir();
const listed = listedCodes();

describe('SNOMED CT codes of the default lexicon', () => {
  it('reads the Global Patient Set from the installed package', () => {
    // The September 2020 GPS has 26,158 concepts; a much smaller set means the file is not the GPS.
    expect(gps.size).toBeGreaterThan(26_000);
    expect(gps.has('22298006')).toBe(true); // Myocardial infarction (disorder)
  });

  it('lists codes outside the GPS well formed, with an English name and a source', () => {
    const bad = listed
      .map((l) => {
        const where = `${l.file}:${l.line} ${l.sctid}`;
        const why =
          snomedProblem(l.sctid) ??
          (l.name === '' ? 'no English name' : l.source === '' ? 'no source' : gps.has(l.sctid) ? 'is in the GPS: not needed' : undefined);
        return why === undefined ? undefined : `${where}: ${why}`;
      })
      .filter((x) => x !== undefined);
    expect(bad).toEqual([]);
  });

  it('lists only codes the lexicon carries (a code dropped from the lexicon leaves its list too)', () => {
    const used = new Set(lexicon.flatMap((c) => [...c.snomed_ct, ...(c.analyte_snomed_ct ?? [])]));
    expect(listed.filter((l) => !used.has(l.sctid)).map((l) => `${l.file}:${l.line} ${l.sctid}`)).toEqual([]);
  });

  it('are all in the GPS or in a list', () => {
    const known = new Set([...gps.keys(), ...listed.map((l) => l.sctid)]);
    const unknown = lexicon.flatMap((c) =>
      [...c.snomed_ct, ...(c.analyte_snomed_ct ?? [])]
        .filter((code) => !known.has(code))
        .map((code) => `${c.cui} ${c.preferred_term}: ${code}`),
    );
    expect(unknown).toEqual([]);
  });

  it('give a laboratory test the code of a substance as its analyte', () => {
    const notSubstances = lexicon.flatMap((c) =>
      (c.analyte_snomed_ct ?? [])
        .filter((code) => gps.has(code) && !(gps.get(code) ?? '').endsWith('(substance)'))
        .map((code) => `${c.cui} ${c.preferred_term}: ${code} ${gps.get(code) ?? ''}`),
    );
    expect(notSubstances).toEqual([]);
  });
});
