/** The raw result, exactly as the annotator returned it. */
import { useMemo } from 'react';
import type { AnnotationResult } from '../../core/contract.ts';

const MAX_CHARS = 200_000;

export function JsonPanel({ result }: { result: AnnotationResult }) {
  const json = useMemo(() => JSON.stringify(result, null, 2), [result]);
  return (
    <pre className="json" tabIndex={0} aria-label="Resultado JSON">
      {json.length > MAX_CHARS ? `${json.slice(0, MAX_CHARS)}\n… (${json.length - MAX_CHARS} caracteres más: use Exportar JSON)` : json}
    </pre>
  );
}
