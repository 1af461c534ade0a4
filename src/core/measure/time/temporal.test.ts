import { describe, expect, it } from 'vitest';
import { parseTextDatetime, type LocalDateTime } from '../../clock.ts';
import { TEMPORAL_CONCEPTS } from '../../local-concepts.ts';
import { newMention } from '../../mention.ts';
import { tokenise } from '../../text/tokenise.ts';
import { findTemporal, withTemporal } from './temporal.ts';

const MONDAY = parseTextDatetime('2024-06-10T12:00:00');

/** The temporal expressions found in `text`, as "span TYPE value". */
function temporal(text: string, reference: LocalDateTime = MONDAY): string[] {
  return findTemporal(tokenise(text), reference).map(
    (m) => `${text.slice(m.start, m.end)} ${m.characteristics.timex?.type} ${m.characteristics.timex?.value}`,
  );
}

describe('temporal expressions: dates', () => {
  it.each([
    ['Analítica del 03/06/2024.', '03/06/2024 DATE 2024-06-03'],
    ['Revisión el 3-6-24.', '3-6-24 DATE 2024-06-03'],
    ['Revisión el 3.6.24.', '3.6.24 DATE 2024-06-03'],
    ['Nacido el 12/05/85.', '12/05/85 DATE 1985-05-12'],
    ['Fecha 2024-06-03.', '2024-06-03 DATE 2024-06-03'],
    ['Ingreso 06/2019.', '06/2019 DATE 2019-06'],
    ['Alta el 5/4.', '5/4 DATE 2024-04-05'],
    ['Ingresó el 3 de junio de 2024.', '3 de junio de 2024 DATE 2024-06-03'],
    ['Ingresó el 3 de junio del 2020.', '3 de junio del 2020 DATE 2020-06-03'],
    ['Apendicectomía en junio de 2019.', 'junio de 2019 DATE 2019-06'],
    ['Control en septiembre.', 'septiembre DATE 2024-09'],
    ['Fractura en 2019.', '2019 DATE 2019'],
    ['Dolor desde el día 8.', 'día 8 DATE 2024-06-08'],
    ['Ingresó el día 2 de mayo.', 'día 2 de mayo DATE 2024-05-02'],
    ['Síntomas desde principios de mayo.', 'principios de mayo DATE 2024-05'],
    ['Intervenido a finales de 2019.', 'finales de 2019 DATE 2019'],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual([expected]);
  });

  it('gives a day and month without a year and without a tensed verb the reference year, even from January', () => {
    expect(temporal('Ingreso el 3 de junio.', parseTextDatetime('2024-01-15T08:00:00'))).toEqual(['3 de junio DATE 2024-06-03']);
  });

  it('emits no date that does not exist', () => {
    expect(temporal('Alta el 31/02/2024.')).toEqual([]);
    expect(temporal('Alta el 30 de febrero.')).toEqual([]);
    expect(temporal('Alta el 29 de febrero.', parseTextDatetime('2023-06-01T00:00:00'))).toEqual([]);
    expect(temporal('Alta el 29 de febrero.', parseTextDatetime('2024-06-01T00:00:00'))).toEqual(['29 de febrero DATE 2024-02-29']);
    expect(temporal('Valor 15/13/2024.')).toEqual([]);
  });

  it('emits no date before year 1 (TIMEX3 writes four-digit years)', () => {
    expect(temporal('hace 2019 años', parseTextDatetime('1950-01-01T00:00:00'))).toEqual([]);
    expect(temporal('hace 2019 años', parseTextDatetime('2024-06-10T12:00:00'))).toEqual(['hace 2019 años DATE 0005']);
  });

  it('leaves numbers that are not dates alone', () => {
    expect(temporal('TA 120/80 mmHg, 1/2 comprimido, recuento 2000 células.')).toEqual([]);
    expect(temporal('Día 3 de tratamiento antibiótico.')).toEqual([]);
    expect(temporal('Paracetamol 1 g/24 h.')).toEqual([]);
  });
});

describe('temporal expressions: relative dates', () => {
  it.each([
    ['Acude hoy.', 'hoy DATE 2024-06-10'],
    ['Fiebre desde ayer.', 'ayer DATE 2024-06-09'],
    ['Dolor desde anteayer.', 'anteayer DATE 2024-06-08'],
    ['Dolor desde antes de ayer.', 'antes de ayer DATE 2024-06-08'],
    ['Control mañana.', 'mañana DATE 2024-06-11'],
    ['Control pasado mañana.', 'pasado mañana DATE 2024-06-12'],
    ['Tos desde hace 3 días.', 'hace 3 días DATE 2024-06-07'],
    ['Tos desde hace tres semanas.', 'hace tres semanas DATE 2024-W21'],
    ['Inicio hace un par de meses.', 'hace un par de meses DATE 2024-04'],
    ['Diagnosticado hace 2 años.', 'hace 2 años DATE 2022'],
    ['Caída hace treinta y un días.', 'hace treinta y un días DATE 2024-05-10'],
    ['Vómitos hace 3 horas.', 'hace 3 horas TIME 2024-06-10T09:00'],
    ['Episodio similar hace año y medio.', 'hace año y medio DATE 2022-12'],
    ['Inicio hace un mes y medio.', 'hace un mes y medio DATE 2024-04-26'],
    ['Dolor desde hace media hora.', 'hace media hora TIME 2024-06-10T11:30'],
    ['Síntomas desde hace más de 2 semanas.', 'hace más de 2 semanas DATE 2024-W22'],
    ['Síntomas desde hace unos días.', 'hace unos días DATE PAST_REF'],
    ['Revisión dentro de 2 semanas.', 'dentro de 2 semanas DATE 2024-W26'],
    ['Empeoramiento el lunes pasado.', 'lunes pasado DATE 2024-06-03'],
    ['Empeoramiento el pasado viernes.', 'pasado viernes DATE 2024-06-07'],
    ['Cita el próximo martes.', 'próximo martes DATE 2024-06-11'],
    ['Cita el martes que viene.', 'martes que viene DATE 2024-06-11'],
    ['Odinofagia desde el jueves.', 'jueves DATE 2024-06-06'],
    ['Neumonía en enero de este año.', 'enero de este año DATE 2024-01'],
    ['Tos desde el fin de semana.', 'fin de semana DATE 2024-W23-WE'],
    ['Fiebre el pasado fin de semana.', 'pasado fin de semana DATE 2024-W23-WE'],
    ['Diarrea el fin de semana pasado.', 'fin de semana pasado DATE 2024-W23-WE'],
    ['Cita este fin de semana.', 'este fin de semana DATE 2024-W24-WE'],
    ['Control el próximo fin de semana.', 'próximo fin de semana DATE 2024-W25-WE'],
    ['Ingreso el 15 de marzo del año pasado.', '15 de marzo del año pasado DATE 2023-03-15'],
    ['Cirugía a finales de octubre del año anterior.', 'finales de octubre del año anterior DATE 2023-10'],
    ['Fiebre desde el lunes.', 'lunes DATE 2024-06-03'],
    ['Tos desde el lunes pasado.', 'lunes pasado DATE 2024-06-03'],
    ['Síntomas desde la semana pasada.', 'semana pasada DATE 2024-W23'],
    ['Vómitos el mes pasado.', 'mes pasado DATE 2024-05'],
    ['Ingreso el año pasado.', 'año pasado DATE 2023'],
    ['Cita la próxima semana.', 'próxima semana DATE 2024-W25'],
    ['Analítica este mes.', 'este mes DATE 2024-06'],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual([expected]);
  });

  it('leaves a bare weekday alone unless "desde" (or a tense, see temporal-classes.test.ts) places it', () => {
    expect(temporal('Fisioterapia el jueves en el gimnasio.')).toEqual([]);
    expect(temporal('Guardia el fin de semana.')).toEqual([]);
    expect(temporal('Desde el\njueves.')).toEqual([]);
  });

  it('reads "desde el fin de semana" on a weekend as the weekend under way', () => {
    expect(temporal('Tos desde el fin de semana.', parseTextDatetime('2024-06-09T10:00:00'))).toEqual(['fin de semana DATE 2024-W23-WE']);
  });

  it('does month arithmetic from a month end', () => {
    expect(temporal('Dolor desde hace un mes.', parseTextDatetime('2024-03-31T09:00:00'))).toEqual(['hace un mes DATE 2024-02']);
  });

  it('reads ISO weeks across the year boundary', () => {
    expect(temporal('Caída la semana pasada.', parseTextDatetime('2021-01-04T10:00:00'))).toEqual(['semana pasada DATE 2020-W53']);
    expect(temporal('Caída la semana pasada.', parseTextDatetime('2025-01-02T10:00:00'))).toEqual(['semana pasada DATE 2024-W52']);
  });

  it('takes leap days into account', () => {
    expect(temporal('Ayer presentó fiebre.', parseTextDatetime('2024-03-01T09:00:00'))).toEqual(['Ayer DATE 2024-02-29']);
    expect(temporal('Ayer presentó fiebre.', parseTextDatetime('2023-03-01T09:00:00'))).toEqual(['Ayer DATE 2023-02-28']);
    expect(temporal('Mañana control.', parseTextDatetime('2024-02-28T09:00:00'))).toEqual(['Mañana DATE 2024-02-29']);
  });
});

describe('temporal expressions: "mañana" is tomorrow or the morning', () => {
  it.each([
    ['Control mañana en consulta.', 'mañana DATE 2024-06-11'],
    ['Cefalea que empeora por la mañana.', 'por la mañana SET XXXX-XX-XXTMO'],
    ['Dolor torácico esta mañana.', 'esta mañana TIME 2024-06-10TMO'],
    ['Fiebre ayer por la tarde.', 'ayer por la tarde TIME 2024-06-09TAF'],
    ['Control mañana por la mañana.', 'mañana por la mañana TIME 2024-06-11TMO'],
    ['Vómitos durante toda la mañana.', ''],
    ['Tos por la noche.', 'por la noche SET XXXX-XX-XXTNI'],
    ['Disnea anoche.', 'anoche TIME 2024-06-09TNI'],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual(expected === '' ? [] : [expected]);
  });
});

describe('temporal expressions: times, durations and sets', () => {
  it.each([
    ['Administrado a las 14:30.', '14:30 TIME 2024-06-10T14:30'],
    ['Acudió a las 8:15 h.', '8:15 h TIME 2024-06-10T08:15'],
    ['Acudió a las 9 de la noche.', '9 de la noche TIME 2024-06-10T21:00'],
    ['Acudió a las 14.30.', '14.30 TIME 2024-06-10T14:30'],
    ['Antibiótico durante 7 días.', '7 días DURATION P7D'],
    ['Cuadro de 2 semanas de evolución.', '2 semanas DURATION P2W'],
    ['Dolor de 48 horas de evolución.', '48 horas DURATION PT48H'],
    ['Reposo durante una semana.', 'una semana DURATION P1W'],
    ['Perfusión durante 1,5 horas.', '1,5 horas DURATION PT1.5H'],
    ['Cuadro de 2 años y medio de evolución.', '2 años y medio DURATION P2.5Y'],
    ['Observación durante media hora.', 'media hora DURATION PT0.5H'],
    ['Paracetamol cada 8 horas.', 'cada 8 horas SET PT8H'],
    ['Paracetamol 1 g c/8h.', 'c/8h SET PT8H'],
    ['Curas cada día.', 'cada día SET P1D'],
    ['Ibuprofeno 3 veces al día.', '3 veces al día SET P1D'],
    ['Control una vez a la semana.', 'una vez a la semana SET P1W'],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual([expected]);
  });

  it('puts a clock time right after a day on that day', () => {
    expect(temporal('Caída ayer a las 14:30.')).toEqual(['ayer DATE 2024-06-09', '14:30 TIME 2024-06-09T14:30']);
    expect(temporal('Ingreso el 03/06/2024 a las 10:00.')).toEqual(['03/06/2024 DATE 2024-06-03', '10:00 TIME 2024-06-03T10:00']);
  });

  it('rejects clock times that do not exist', () => {
    expect(temporal('A las 25:00 y a las 14:75.')).toEqual([]);
  });

  it('never runs an expression across a line break', () => {
    expect(temporal('Fiebre desde hace\n3 días.')).toEqual(['3 días DURATION P3D']);
  });

  it('finds nothing in text without temporal words', () => {
    expect(temporal('Paciente con dolor abdominal, sin fiebre ni vómitos. Abdomen blando y depresible.')).toEqual([]);
  });
});

describe('merging temporal mentions with the others', () => {
  it('drops a mention inside a temporal expression and keeps the rest in text order', () => {
    const tokens = tokenise('Fiebre esta tarde');
    const fiebre = newMention('concept', TEMPORAL_CONCEPTS.DATE, 0, 1, 0, 6);
    const tarde = newMention('concept', TEMPORAL_CONCEPTS.DATE, 2, 3, 12, 17);
    const found = findTemporal(tokens, MONDAY);
    const merged = withTemporal([fiebre, tarde], found);
    expect(merged).toEqual([fiebre, found[0]]);
  });

  it('gives way to a longer mention that reaches beyond the expression', () => {
    const tokens = tokenise('Infundidos en 2000 ml');
    const found = findTemporal(tokens, MONDAY);
    expect(found.map((m) => m.characteristics.timex?.value)).toEqual(['2000']);
    const quantity = newMention('quantity', TEMPORAL_CONCEPTS.DATE, 2, 4, 14, 21);
    expect(withTemporal([quantity], found)).toEqual([quantity]);
  });
});
