import { test, type Page } from '@playwright/test';
import { chooseRemote, startService } from './app.ts';

/** Issue 30's 17-line note: what a clinician tried the app with at 390, 800 and 1280 px, in both modes. */
export const NOTE_17 = [
  'Varón de 72 años que acude por dolor torácico opresivo.',
  'Antecedentes: HTA, diabetes mellitus tipo 2. Alergia a penicilina.',
  'Antecedentes familiares: padre fallecido de infarto a los 60 años. Madre con diabetes.',
  'No refiere fiebre, tos ni disnea. Niega dolor abdominal.',
  'Exploración: TA 130/85 mmHg, FC 88 lpm, Sat O2 >95%.',
  'Auscultación cardiaca: ritmo sinusal, sin soplos.',
  'Auscultación pulmonar: murmullo vesicular conservado.',
  'Presenta edema en miembros inferiores.',
  'Troponina negativa. Hb 12,4 g/dl. Potasio 4,5 mEq/l.',
  'ECG: ritmo sinusal sin alteraciones de la repolarización.',
  'Radiografía de tórax sin hallazgos.',
  'Posible neumonía basal derecha.',
  'Juicio clínico: dolor torácico atípico. Tensión arterial controlada.',
  'Tratamiento: paracetamol 1 g cada 8 horas vía oral durante 5 días.',
  'Suspender enoxaparina 40 mg sc.',
  'Si presenta dolor torácico, acudir a urgencias.',
  'Control en 2 semanas.',
].join('\n');

export const MODES = ['local', 'remote'] as const;
export type Mode = (typeof MODES)[number];
export const WIDTHS = [390, 800, 1280] as const;

/**
 * The real service (`glosa serve --with-app`) for a spec's tests, started before them and stopped
 * after; `open` loads the app from it in local mode, or in remote mode with the spec's key.
 */
export function appInBothModes(key: string): { url(): string; open(page: Page, mode: Mode): Promise<void> } {
  let service: Awaited<ReturnType<typeof startService>> | undefined;
  test.beforeAll(async () => {
    service = await startService([key]);
  });
  test.afterAll(async () => {
    await service?.stop();
  });
  const url = () => {
    if (service === undefined) throw new Error('the service has not started');
    return service.url;
  };
  return {
    url,
    open: async (page, mode) => {
      await page.goto(`${url()}/`);
      if (mode === 'remote') await chooseRemote(page, key);
    },
  };
}
