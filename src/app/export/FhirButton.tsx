/** The FHIR R4 export of the shown result, with the reference datetime and, in local mode, the dictionary. */
import type { AnnotationResult } from '../../core/contract.ts';
import { toFhirBundle } from '../../core/export/fhir.ts';
import { useAppStore } from '../state/store.ts';
import { download } from './download.ts';
import { exportFileName } from './filename.ts';

export function FhirButton({ text, result, textDatetime }: { text: string; result: AnnotationResult; textDatetime: string | undefined }) {
  const dictionary = useAppStore((s) => (s.mode === 'local' ? s.dictionary.active?.info : undefined));
  const save = () => {
    const now = new Date();
    const bundle = toFhirBundle({
      result,
      text,
      exportedAt: now.toISOString(),
      ...(textDatetime === undefined ? {} : { textDatetime }),
      ...(dictionary ? { dictionary: { id: dictionary.id, contentHash: dictionary.contentHash } } : {}),
    });
    download(exportFileName(text, now, 'fhir.json'), `${JSON.stringify(bundle, null, 2)}\n`, 'application/fhir+json');
  };
  return (
    <button type="button" onClick={save} title="Bundle FHIR R4">
      FHIR
    </button>
  );
}
