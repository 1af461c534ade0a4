/**
 * Export of the shown result: the contract's JSON, brat standoff (.txt + .ann, and what produced it
 * in a .provenance.json sidecar), CSV, a FHIR R4 Bundle. Each records what produced the result (see
 * format/provenance.ts) and is named after the note and the time of the export.
 */
import { toFhirBundle } from '../../core/export/fhir.ts';
import type { AnnotatedText } from '../annotator/useAnnotation.ts';
import { exportProvenance } from '../format/provenance.ts';
import { toBrat } from './brat.ts';
import { toCsv } from './csv.ts';
import { download } from './download.ts';
import { exportFileName } from './filename.ts';
import { toJson } from './json.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Each export: its button, its title, and the files it writes (name extension, content, type). */
const EXPORTS: { label: string; title: string; files: (shown: AnnotatedText, now: Date) => [string, string, string][] }[] = [
  {
    label: 'JSON',
    title: 'El resultado del contrato, con «glosa_provenance»',
    files: (shown, now) => [['json', toJson(shown.result, exportProvenance(shown, now)), 'application/json']],
  },
  {
    label: 'brat (.txt + .ann)',
    title: 'brat standoff, y lo que produjo el resultado en .provenance.json',
    files: (shown, now) => {
      const { txt, ann } = toBrat(shown.text, shown.result);
      return [
        ['txt', txt, 'text/plain'],
        ['ann', ann, 'text/plain'],
        ['provenance.json', json(exportProvenance(shown, now)), 'application/json'],
      ];
    },
  },
  {
    label: 'CSV',
    title: 'Una fila por anotación; las últimas columnas dicen qué produjo el resultado',
    files: (shown, now) => [['csv', toCsv(shown.result, exportProvenance(shown, now)), 'text/csv']],
  },
  {
    label: 'FHIR',
    title: 'Bundle FHIR R4',
    files: (shown, now) => {
      const bundle = toFhirBundle({
        result: shown.result,
        text: shown.text,
        exportedAt: now.toISOString(),
        provenance: exportProvenance(shown, now),
      });
      return [['fhir.json', json(bundle), 'application/fhir+json']];
    },
  },
];

export function ExportButtons({ shown }: { shown: AnnotatedText }) {
  const save = (files: (typeof EXPORTS)[number]['files']) => {
    const now = new Date();
    for (const [extension, content, type] of files(shown, now)) download(exportFileName(shown.text, now, extension), content, type);
  };
  return (
    <div className="exports" role="group" aria-label="Exportar">
      <span className="muted">Exportar:</span>
      {EXPORTS.map(({ label, title, files }) => (
        <button key={label} type="button" title={title} onClick={() => save(files)}>
          {label}
        </button>
      ))}
    </div>
  );
}
