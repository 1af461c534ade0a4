/**
 * The remote annotator: any service speaking the contract, over `POST {base}/tagger/annotation`
 * with the `apikey` header. Every answer is validated; one that does not fit is an error, never
 * drawn.
 */
import { AnnotationResultSchema, ErrorBodySchema, type AnnotationResult, type RequestConfig } from '../../core/contract.ts';
import { AnnotatorError, type Annotator, type NoteSpan } from './types.ts';

export function annotationUrl(baseUrl: string): string {
  return `${baseUrl.trim().replace(/\/+$/, '')}/tagger/annotation`;
}

async function serviceMessage(response: Response): Promise<string | undefined> {
  try {
    const parsed = ErrorBodySchema.safeParse(await response.json());
    return parsed.success ? `${parsed.data.error.code}: ${parsed.data.error.message}` : undefined;
  } catch {
    return undefined;
  }
}

/** Maps an HTTP failure to the message the user sees (the service's own words go in `detail`). */
export async function errorForResponse(response: Response): Promise<AnnotatorError> {
  const detail = await serviceMessage(response);
  const status = response.status;
  if (status === 401 || status === 403) {
    return new AnnotatorError(
      'unauthorized',
      'La clave de API no es válida o falta (HTTP 401). Revise la clave e inténtelo de nuevo.',
      detail,
    );
  }
  if (status === 413) {
    return new AnnotatorError(
      'too_large',
      'El texto es demasiado largo para este servicio (HTTP 413). Divídalo o use el modo local.',
      detail,
    );
  }
  if (status === 429) {
    const retry = response.headers.get('retry-after');
    const wait = retry !== null && /^\d+$/.test(retry) ? ` Espere ${retry} s` : ' Espere un momento';
    return new AnnotatorError('rate_limited', `Demasiadas peticiones al servicio (HTTP 429).${wait} y vuelva a anotar.`, detail);
  }
  if (status === 400) {
    return new AnnotatorError('bad_request', 'El servicio rechazó la petición (HTTP 400).', detail);
  }
  if (status >= 500) {
    return new AnnotatorError('server_error', `El servicio falló al anotar (HTTP ${status}). Inténtelo más tarde.`, detail);
  }
  return new AnnotatorError('http_error', `El servicio respondió con HTTP ${status}.`, detail);
}

function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || '(raíz)'}: ${i.message}`)
    .join('; ');
}

const isOffset = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/**
 * The note span of the first faulty annotation that still gives one ("annotations.3.code.umls":
 * annotation 3's match), so the errors panel can point at the place the service got wrong.
 */
export function spanOfIssues(body: unknown, issues: readonly { path: readonly PropertyKey[] }[]): NoteSpan | undefined {
  const annotations = (body as { annotations?: unknown } | null)?.annotations;
  if (!Array.isArray(annotations)) return undefined;
  for (const { path } of issues) {
    if (path[0] !== 'annotations' || typeof path[1] !== 'number') continue;
    const match = (annotations[path[1]] as { match?: { begin?: unknown; end?: unknown } } | undefined)?.match;
    if (isOffset(match?.begin) && isOffset(match?.end) && match.end >= match.begin) return { begin: match.begin, end: match.end };
  }
  return undefined;
}

export class RemoteAnnotator implements Annotator {
  readonly identity: string;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {
    this.identity = `remote:${annotationUrl(baseUrl)}`;
  }

  async annotate(text: string, config: RequestConfig, signal?: AbortSignal): Promise<AnnotationResult> {
    // Said before anything leaves the browser: a request without a key would only come back 401.
    if (this.apiKey.trim() === '') {
      throw new AnnotatorError(
        'missing_key',
        'Falta la clave de API: escríbala en «Clave de API» y anote de nuevo. No se ha enviado nada al servicio.',
      );
    }
    let response: Response;
    try {
      response = await this.fetchImpl(annotationUrl(this.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: this.apiKey },
        body: JSON.stringify({ text, config }),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new AnnotatorError(
        'unreachable',
        `No se pudo conectar con el servicio en ${this.baseUrl}. ¿Está en marcha y permite peticiones desde esta página (CORS)?`,
        error instanceof Error ? error.message : String(error),
      );
    }
    if (!response.ok) throw await errorForResponse(response);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new AnnotatorError('invalid_response', 'El servicio respondió algo que no es JSON; no se muestra ninguna anotación.');
    }
    const parsed = AnnotationResultSchema.safeParse(body);
    if (!parsed.success) {
      throw new AnnotatorError(
        'invalid_response',
        'La respuesta del servicio no cumple el contrato de anotación; no se muestra ninguna anotación.',
        describeIssues(parsed.error.issues),
        spanOfIssues(body, parsed.error.issues),
      );
    }
    return parsed.data;
  }
}

/** The dictionary a service names in `GET {base}/tagger/config`; null when it names none or cannot be asked. */
export async function serviceDictionary(
  baseUrl: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<{ id?: string; content_hash: string } | null> {
  try {
    const response = await fetchImpl(`${baseUrl.trim().replace(/\/+$/, '')}/tagger/config`, signal ? { signal } : {});
    const body = (await response.json()) as { dictionary?: { id?: unknown; content_hash?: unknown } };
    const { id, content_hash } = body.dictionary ?? {};
    if (typeof content_hash !== 'string') return null;
    return typeof id === 'string' ? { id, content_hash } : { content_hash };
  } catch {
    return null;
  }
}

/** The longest text (code points) a service takes, from `max_num_characters` in `GET {base}/tagger/config`; null when unknown. */
export async function serviceTextLimit(
  baseUrl: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<number | null> {
  try {
    const response = await fetchImpl(`${baseUrl.trim().replace(/\/+$/, '')}/tagger/config`, signal ? { signal } : {});
    const limit = ((await response.json()) as { max_num_characters?: unknown }).max_num_characters;
    return typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : null;
  } catch {
    return null;
  }
}
