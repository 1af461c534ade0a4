/** Export of the shown result: the contract's JSON, brat standoff (.txt + .ann), CSV. */
import type { AnnotationResult } from '../../core/contract.ts';
import { toBrat } from './brat.ts';
import { toCsv } from './csv.ts';
import { FhirButton } from './FhirButton.tsx';
import { download } from './download.ts';
import { toJson } from './json.ts';

const BASE = 'glosa-nota';

/** `textDatetime`: the reference datetime the shown result was annotated with (FHIR records it). */
export function ExportButtons({ text, result, textDatetime }: { text: string; result: AnnotationResult; textDatetime?: string }) {
  return (
    <div className="exports" role="group" aria-label="Exportar">
      <span className="muted">Exportar:</span>
      <button type="button" onClick={() => download(`${BASE}.json`, toJson(result), 'application/json')}>
        JSON
      </button>
      <button
        type="button"
        onClick={() => {
          const { txt, ann } = toBrat(text, result);
          download(`${BASE}.txt`, txt, 'text/plain');
          download(`${BASE}.ann`, ann, 'text/plain');
        }}
      >
        brat (.txt + .ann)
      </button>
      <button type="button" onClick={() => download(`${BASE}.csv`, toCsv(result), 'text/csv')}>
        CSV
      </button>
      <FhirButton text={text} result={result} textDatetime={textDatetime} />
    </div>
  );
}
