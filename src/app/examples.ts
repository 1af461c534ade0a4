/** Example notes, one click each: negation and where it stops, relations, family history, quantities, dates. */
export interface Example {
  readonly label: string;
  readonly text: string;
}

export const EXAMPLES: readonly Example[] = [
  { label: 'Negación', text: 'No refiere dolor torácico. Sin fiebre, tos ni disnea.' },
  { label: 'Relación anatómica', text: 'Paciente con dolor en rodilla derecha desde ayer. No refiere dolor en el brazo.' },
  { label: 'Antecedentes familiares', text: 'Madre con alzheimer. Padre fallecido por infarto agudo de miocardio.' },
  { label: 'Cantidades', text: 'Analítica: Hb 10,2 g/dl, LDL 64 mg/dl, glucosa 110 mg/dl.' },
  { label: 'Fechas', text: 'Acude por fiebre desde hace 3 días. Tos la semana pasada. Paracetamol cada 8 horas durante 5 días.' },
  { label: 'Incertidumbre', text: 'Posible neumonía basal derecha. No se descarta insuficiencia cardiaca.' },
  {
    label: 'Alcance de la negación',
    text:
      'Mujer sin alergias medicamentosas conocidas, hipertensa y diabética. Niega fiebre, pero sí tos. ' +
      'No se pauta AINE por insuficiencia renal. No tolera la vía oral por vómitos. Si disnea, acudir a urgencias.',
  },
  {
    label: 'Nota completa',
    text:
      'Motivo de consulta: varón de 67 años que acude por disnea de esfuerzo y fiebre desde hace 3 días.\n' +
      'Antecedentes: HTA, diabetes mellitus tipo 2. Madre con alzheimer.\n' +
      'Exploración: no refiere dolor torácico. Sin edemas en miembros inferiores. Dolor en rodilla derecha.\n' +
      'Analítica: Hb 10,2 g/dl, glucosa 145 mg/dl.\n' +
      'Juicio clínico: sospecha de neumonía adquirida en la comunidad.',
  },
];
