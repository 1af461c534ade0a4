/**
 * The temporal expressions of notes and reports beyond calendar dates: future offsets, seasons,
 * quarters and halves, period edges (mod), decades, frequencies, parts of every day, vague
 * references, anchored expressions, tense, ranges, ages, and numbers that only look like dates.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTextDatetime, type LocalDateTime } from '../../clock.ts';
import { tokenise } from '../../text/tokenise.ts';
import { TEMPORAL_CONCEPTS } from '../../local-concepts.ts';
import { newMention } from '../../mention.ts';
import { findTemporal, withTemporal } from './temporal.ts';

const MONDAY = parseTextDatetime('2024-06-10T12:00:00');

/** The temporal expressions found in `text`, as "span TYPE value [mod]". */
function temporal(text: string, reference: LocalDateTime = MONDAY): string[] {
  return findTemporal(tokenise(text), reference, text).map((m) => {
    const t = m.characteristics.timex;
    return `${text.slice(m.start, m.end)} ${t?.type} ${t?.value}${t?.mod === undefined ? '' : ` ${t.mod}`}`;
  });
}

const at = (datetime: string): LocalDateTime => parseTextDatetime(datetime);

describe('future offsets: "en 3 meses"', () => {
  it.each([
    ['Control en 3 meses.', '3 meses DATE 2024-09'],
    ['Nueva analítica en una semana.', 'una semana DATE 2024-W25'],
    ['Revisión en 10 días.', '10 días DATE 2024-06-20'],
    ['Repetir ecografía en un año.', 'un año DATE 2025'],
    ['Control en unas 2 semanas.', 'unas 2 semanas DATE 2024-W26'],
    ['Revisión en el plazo de 6 meses.', '6 meses DATE 2024-12'],
    ['Revisión dentro de 2 semanas.', 'dentro de 2 semanas DATE 2024-W26'],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual([expected]);
  });

  it('is a length of time in a past-tense sentence or after a number (a rate)', () => {
    expect(temporal('Se resolvió en 3 días.')).toEqual(['3 días DURATION P3D']);
    expect(temporal('Pérdida de 5 kg en 3 meses.')).toEqual(['3 meses DURATION P3M']);
  });
});

describe('seasons, quarters, halves and weeks', () => {
  it.each([
    ['Neumonía el verano pasado.', 'verano pasado DATE 2023-SU'],
    ['Neumonía el pasado invierno.', 'pasado invierno DATE 2023-WI'],
    ['Viaje previsto el próximo verano.', 'próximo verano DATE 2024-SU'],
    ['Bronquitis este invierno.', 'este invierno DATE 2024-WI'],
    ['Alergia en la primavera de 2022.', 'primavera de 2022 DATE 2022-SP'],
    ['Caída en el otoño del año pasado.', 'otoño del año pasado DATE 2023-FA'],
    ['Ingreso en el primer trimestre de 2025.', 'primer trimestre de 2025 DATE 2025-Q1'],
    ['Cirugía en el último trimestre de 2023.', 'último trimestre de 2023 DATE 2023-Q4'],
    ['Cirugía programada el segundo semestre.', 'segundo semestre DATE 2024-H2'],
    ['Resultados del primer semestre de 2023.', 'primer semestre de 2023 DATE 2023-H1'],
    ['Empeoramiento el trimestre pasado.', 'trimestre pasado DATE 2024-Q1'],
    ['Cita la semana que viene.', 'semana que viene DATE 2024-W25'],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual([expected]);
  });

  it('places "pasado" and "próximo" seasons from the season under way', () => {
    // In summer, last summer is last year's; in autumn it is this year's.
    expect(temporal('el verano pasado', at('2024-07-15T00:00:00'))).toEqual(['verano pasado DATE 2023-SU']);
    expect(temporal('el verano pasado', at('2024-11-02T00:00:00'))).toEqual(['verano pasado DATE 2024-SU']);
    // A winter is the year it starts in: in January the winter under way began last December.
    expect(temporal('este invierno', at('2025-01-20T00:00:00'))).toEqual(['este invierno DATE 2024-WI']);
    expect(temporal('el invierno pasado', at('2025-01-20T00:00:00'))).toEqual(['invierno pasado DATE 2023-WI']);
    expect(temporal('el próximo invierno', at('2025-01-20T00:00:00'))).toEqual(['próximo invierno DATE 2025-WI']);
    expect(temporal('esta primavera', at('2025-01-20T00:00:00'))).toEqual(['esta primavera DATE 2025-SP']);
  });

  it('places a season with no year by the tense, or repeats it with none', () => {
    expect(temporal('Ingresó en verano.')).toEqual(['verano DATE 2023-SU']);
    expect(temporal('Ingresó en verano.', at('2024-07-15T00:00:00'))).toEqual(['verano DATE 2024-SU']);
    expect(temporal('Viajará en verano.')).toEqual(['verano DATE 2024-SU']);
    expect(temporal('Operada en invierno.')).toEqual(['invierno DATE 2023-WI']);
    expect(temporal('En verano empeoran los síntomas.')).toEqual(['verano SET XXXX-SU']);
    expect(temporal('Le gusta el verano.')).toEqual([]);
  });

  it('leaves a quarter with no year alone: "el primer trimestre" is usually a pregnancy\'s', () => {
    expect(temporal('Ecografía del primer trimestre normal.')).toEqual([]);
    expect(temporal('Sangrado en el primer trimestre del embarazo.')).toEqual([]);
    expect(temporal('Pérdida de peso en el último semestre.')).toEqual([]);
  });
});

describe('parts of a period: TIMEX3 mod', () => {
  it.each([
    ['Infarto a principios de 2023.', 'principios de 2023 DATE 2023 START'],
    ['Infarto a mediados de 2023.', 'mediados de 2023 DATE 2023 MID'],
    ['Infarto a finales de 2023.', 'finales de 2023 DATE 2023 END'],
    ['Cirugía a finales de mes.', 'finales de mes DATE 2024-06 END'],
    ['Viaje a mediados de mayo.', 'mediados de mayo DATE 2024-05 MID'],
    ['Ingreso a finales del año pasado.', 'finales del año pasado DATE 2023 END'],
    ['Control a principios del mes que viene.', 'principios del mes que viene DATE 2024-07 START'],
    ['Dolor desde mediados de la semana pasada.', 'mediados de la semana pasada DATE 2024-W23 MID'],
    ['Fumó hasta finales de los 90.', 'finales de los 90 DATE 199 END'],
    ['Revisión a final de año.', 'final de año DATE 2024 END'],
    ['Tos desde primeros de marzo de 2024.', 'primeros de marzo de 2024 DATE 2024-03 START'],
    ['Brote a finales del verano pasado.', 'finales del verano pasado DATE 2023-SU END'],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual([expected]);
  });

  it('needs a period after the edge word', () => {
    expect(temporal('Los últimos resultados son normales.')).toEqual([]);
    expect(temporal('Toma la mitad de la dosis.')).toEqual([]);
  });
});

describe('bare years and decades', () => {
  it.each([
    ['Apendicectomía en 2015.', '2015 DATE 2015'],
    ['Diabetes desde 2019.', '2019 DATE 2019'],
    ['Fumador en los años 90.', 'años 90 DATE 199'],
    ['Vivió fuera en los años ochenta.', 'años ochenta DATE 198'],
    ['Emigró en la década de 1970.', 'década de 1970 DATE 197'],
    ['Consumo en la década de los 80.', 'década de los 80 DATE 198'],
    ['Trasplante en los años 2000.', 'años 2000 DATE 200'],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual([expected]);
  });

  it('reads "años" with a number as a decade only after "los"', () => {
    expect(temporal('Durante 3 años 20 cigarrillos al día.')).toEqual(['3 años DURATION P3Y', 'al día SET P1D']);
  });
});

describe('frequencies as words: SET', () => {
  it.each([
    ['Analítica anual.', 'anual SET P1Y'],
    ['Control semestral en consulta.', 'semestral SET P6M'],
    ['Revisión trimestral.', 'trimestral SET P3M'],
    ['Dosis mensual de vitamina D.', 'mensual SET P1M'],
    ['Curas quincenales.', 'quincenales SET P15D'],
    ['Ejercicio semanal.', 'semanal SET P1W'],
    ['Toma diaria de AINE.', 'diaria SET P1D'],
    ['Se administra diariamente.', 'diariamente SET P1D'],
    ['Paracetamol 1 g al día.', 'al día SET P1D'],
    ['Fuma 10 cigarrillos al día.', 'al día SET P1D'],
    ['Metotrexato 15 mg a la semana.', 'a la semana SET P1W'],
    ['Bebe dos cervezas por día.', 'por día SET P1D'],
    ['Ejercicio 3 veces por semana.', '3 veces por semana SET P1W'],
    ['Pasea todos los días.', 'todos los días SET P1D'],
    ['Diálisis los lunes.', 'lunes SET XXXX-WXX-1'],
    ['Inyección cada viernes.', 'cada viernes SET XXXX-WXX-5'],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual([expected]);
  });

  it('repeats every weekday listed after "los"', () => {
    expect(temporal('Diálisis los lunes, miércoles y viernes.')).toEqual([
      'lunes SET XXXX-WXX-1',
      'miércoles SET XXXX-WXX-3',
      'viernes SET XXXX-WXX-5',
    ]);
  });

  it('leaves "al día" with no count before it and "diario" as a noun alone', () => {
    expect(temporal('Consumo diario de alcohol.')).toEqual(['diario SET P1D']);
    expect(temporal('Calendario vacunal al día.')).toEqual([]);
    expect(temporal('Lleva un diario de cefaleas.')).toEqual([]);
    expect(temporal('Diario miccional normal.')).toEqual([]);
  });
});

describe('times of day in prescriptions: a SET, never a date with a time of day', () => {
  it.each([
    ['Enalapril 10 mg por la noche.', 'por la noche SET XXXX-XX-XXTNI'],
    ['Tos por las mañanas.', 'por las mañanas SET XXXX-XX-XXTMO'],
    ['Metformina 850 mg con el desayuno.', 'desayuno SET XXXX-XX-XXTMO'],
    ['Insulina rápida antes de la cena.', 'cena SET XXXX-XX-XXTNI'],
    ['Cada noche toma lorazepam.', 'Cada noche SET XXXX-XX-XXTNI'],
    ['Todas las mañanas tose.', 'Todas las mañanas SET XXXX-XX-XXTMO'],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual([expected]);
  });

  it('gives no date for "en ayunas", nor for "por la noche" in a past-tense sentence', () => {
    expect(temporal('Omeprazol 20 mg en ayunas.')).toEqual([]);
    expect(temporal('Acudió por la noche con dolor.')).toEqual([]);
    expect(temporal('Tomó el comprimido con el desayuno.')).toEqual([]);
  });

  it('keeps a part of a named day a TIME', () => {
    expect(temporal('Fiebre ayer por la noche.')).toEqual(['ayer por la noche TIME 2024-06-09TNI']);
    expect(temporal('Dolor esta mañana.')).toEqual(['esta mañana TIME 2024-06-10TMO']);
  });
});

describe('vague references', () => {
  it.each([
    ['Actualmente asintomático.', 'Actualmente DATE PRESENT_REF'],
    ['En la actualidad sin dolor.', 'En la actualidad DATE PRESENT_REF'],
    ['Hoy en día camina sin ayuda.', 'Hoy en día DATE PRESENT_REF'],
    ['Previamente sano.', 'Previamente DATE PAST_REF'],
    ['Anteriormente fumador.', 'Anteriormente DATE PAST_REF'],
    ['Ingresado con anterioridad.', 'con anterioridad DATE PAST_REF'],
    ['Se valorará próximamente.', 'próximamente DATE FUTURE_REF'],
    ['Se revisará más adelante.', 'más adelante DATE FUTURE_REF'],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual([expected]);
  });
});

describe('anchored expressions: from the last date resolved before them', () => {
  it.each([
    ['Ingresó el 3 de marzo. Al día siguiente presentó fiebre.', 'día siguiente DATE 2024-03-04'],
    ['Ingresó el 3 de marzo. A los 3 días fue dado de alta.', '3 días DATE 2024-03-06'],
    ['Ingresó el 3 de marzo y el mismo día se realizó TAC.', 'mismo día DATE 2024-03-03'],
    ['Ingresó el 3 de marzo. 24 horas después presentó fiebre.', '24 horas después DATE 2024-03-04'],
    ['Ingresó el 3 de marzo. Dos días antes había tenido tos.', 'Dos días antes DATE 2024-03-01'],
    ['Ingresó el 3 de marzo. Tras el ingreso presentó fiebre.', 'Tras el ingreso DATE 2024-03-03 AFTER'],
    ['Ingresó el 3 de marzo. A las 48 horas mejoró.', '48 horas DATE 2024-03-05'],
    ['Ingresó el 3 de marzo. A la semana siguiente recayó.', 'semana siguiente DATE 2024-W10'],
    ['Trasplante en marzo de 2020. Al año siguiente, rechazo.', 'año siguiente DATE 2021'],
    ['Trasplante el 2/3/2020. A los 6 meses del trasplante, rechazo.', '6 meses DATE 2020-09'],
  ])('%s', (text, expected) => {
    expect(temporal(text).at(-1)).toBe(expected);
  });

  it('chains: an anchored date anchors the next', () => {
    expect(temporal('Ingresó el 3 de marzo. Al día siguiente fiebre; al día siguiente, shock.')).toEqual([
      '3 de marzo DATE 2024-03-03',
      'día siguiente DATE 2024-03-04',
      'día siguiente DATE 2024-03-05',
    ]);
  });

  it('is left unresolved with no date before it, or one coarser than its unit, or is its count as a DURATION', () => {
    expect(temporal('Al día siguiente presentó fiebre.')).toEqual([]);
    expect(temporal('Tras el ingreso presentó fiebre.')).toEqual([]);
    expect(temporal('Ingresó en marzo. Al día siguiente presentó fiebre.')).toEqual(['marzo DATE 2024-03']);
    // Issue 28: a count is never dropped; with no date to count from (or hours that are no whole days) it is a DURATION.
    expect(temporal('Ingresó el 3 de marzo. 5 horas después, fiebre.')).toEqual(['3 de marzo DATE 2024-03-03', '5 horas DURATION PT5H']);
    expect(temporal('Cinco semanas después acudió a urgencias.')).toEqual(['Cinco semanas DURATION P5W']);
    expect(temporal('Ingresó en marzo. Tres días antes, fiebre.')).toEqual(['marzo DATE 2024-03', 'Tres días DURATION P3D']);
    expect(temporal('A las 36 horas se extubó.')).toEqual(['36 horas DURATION PT36H']);
    expect(temporal('Al cabo de dos meses mejoró.')).toEqual(['dos meses DURATION P2M']);
    expect(temporal('Dos días más tarde presentó fiebre.')).toEqual(['Dos días DURATION P2D']);
  });

  it('gives way to the concept of the event a time after it names', () => {
    const text = 'Ingresó el 3 de marzo. Tras la cirugía, fiebre.';
    const tokens = tokenise(text);
    const temporal = findTemporal(tokens, MONDAY, text);
    const surgeryAt = tokens.findIndex((t) => t.norm === 'cirugia');
    const surgery = newMention(
      'concept',
      TEMPORAL_CONCEPTS.DATE,
      surgeryAt,
      surgeryAt + 1,
      tokens[surgeryAt]?.start ?? 0,
      tokens[surgeryAt]?.end ?? 0,
    );
    const merged = withTemporal([surgery], temporal).map((m) => (m === surgery ? 'cirugía' : m.characteristics.timex?.value));
    expect(temporal.map((m) => m.characteristics.timex?.mod)).toEqual([undefined, 'AFTER']);
    expect(merged).toEqual(['2024-03-03', 'cirugía']);
  });

  it('reads "a los 40 años" as an age and "a las 8 horas" as a clock time', () => {
    expect(temporal('Ingresó el 3 de marzo. Diagnosticado a los 40 años.')).toEqual(['3 de marzo DATE 2024-03-03']);
    expect(temporal('Extracción a las 8 horas.')).toEqual(['8 horas TIME 2024-06-10T08:00']);
  });
});

describe('tense: past and future for a date with no year and a bare weekday', () => {
  const JANUARY = at('2024-01-20T09:00:00');
  it.each([
    ['Ingresó el 5 de febrero.', '5 de febrero DATE 2023-02-05'],
    ['Acudió el 5 de febrero a urgencias.', '5 de febrero DATE 2023-02-05'],
    ['El 5 de febrero presentó fiebre.', '5 de febrero DATE 2023-02-05'],
    ['Ha estado ingresado desde el 5 de febrero.', '5 de febrero DATE 2023-02-05'],
    ['Presentaba dolor desde el 5 de febrero.', '5 de febrero DATE 2023-02-05'],
    ['Acudirá el 5 de febrero.', '5 de febrero DATE 2024-02-05'],
    ['Se citará el 10 de enero.', '10 de enero DATE 2025-01-10'],
    ['Ingresó el 10 de enero.', '10 de enero DATE 2024-01-10'],
    ['Ingresó en marzo.', 'marzo DATE 2023-03'],
    ['Se operará en diciembre.', 'diciembre DATE 2024-12'],
    ['Ingresó el día 25.', 'día 25 DATE 2023-12-25'],
    ['Ingreso el 5 de febrero.', '5 de febrero DATE 2024-02-05'],
    ['Acudio el 5 de febrero.', '5 de febrero DATE 2023-02-05'],
    ['Se citara el 5 de febrero.', '5 de febrero DATE 2024-02-05'],
    ['Operada en octubre.', 'octubre DATE 2023-10'],
    ['Intervenido el 5 de febrero.', '5 de febrero DATE 2023-02-05'],
    ['Ingreso programado el 5 de febrero.', '5 de febrero DATE 2024-02-05'],
    ['Dolor de espalda desde el 5 de febrero.', '5 de febrero DATE 2024-02-05'],
  ])('%s (written 2024-01-20)', (text, expected) => {
    expect(temporal(text, JANUARY)).toEqual([expected]);
  });

  it.each([
    // The reference's own weekday in the past tense is the reference day (issue 28), not a week earlier.
    ['Ingresó el lunes.', 'lunes DATE 2024-06-10'],
    ['Ingresó el martes.', 'martes DATE 2024-06-04'],
    ['Acudió el jueves a urgencias.', 'jueves DATE 2024-06-06'],
    ['Acudirá el lunes.', 'lunes DATE 2024-06-17'],
    ['El viernes se realizará la ecografía.', 'viernes DATE 2024-06-14'],
    ['Va a venir el martes.', 'martes DATE 2024-06-11'],
  ])('%s (written Monday 2024-06-10)', (text, expected) => {
    expect(temporal(text)).toEqual([expected]);
  });

  it('reads a plan ("control", "cita", "revisión") as future, unless it is the last one', () => {
    expect(temporal('Control el lunes.')).toEqual(['lunes DATE 2024-06-17']);
    expect(temporal('Último control el martes.')).toEqual(['martes DATE 2024-06-04']);
    expect(temporal('Cita el 5 de febrero.', JANUARY)).toEqual(['5 de febrero DATE 2024-02-05']);
    expect(temporal('Revisión en diciembre.', JANUARY)).toEqual(['diciembre DATE 2024-12']);
    // A tensed verb comes first: "En el control del 5 de febrero se objetivó" is past.
    expect(temporal('En el control del 5 de febrero se objetivó mejoría.', JANUARY)).toEqual(['5 de febrero DATE 2023-02-05']);
  });

  it('leaves a bare weekday alone in a sentence with no tense, or before a date', () => {
    expect(temporal('Fisioterapia el lunes.')).toEqual([]);
    expect(temporal('Ingresó el lunes 3 de junio.')).toEqual(['3 de junio DATE 2024-06-03']);
  });

  it('reads tense in the sentence of the expression only', () => {
    expect(temporal('Operada en octubre; se citará el 5 de febrero.', JANUARY)).toEqual([
      'octubre DATE 2023-10',
      '5 de febrero DATE 2024-02-05',
    ]);
    expect(temporal('Acudió a urgencias. Fisioterapia el lunes.')).toEqual([]);
    expect(temporal('Acudirá a consulta. Ingresó el 5 de febrero.', JANUARY)).toEqual(['5 de febrero DATE 2023-02-05']);
  });
});

describe('ranges', () => {
  it.each([
    ['Ingreso del 3 al 10 de febrero.', ['3 DATE 2024-02-03', '10 de febrero DATE 2024-02-10']],
    ['Ingresado entre el 3 y el 10 de febrero de 2023.', ['3 DATE 2023-02-03', '10 de febrero de 2023 DATE 2023-02-10']],
    ['Síntomas entre marzo y mayo.', ['marzo DATE 2024-03', 'mayo DATE 2024-05']],
    ['Tratamiento de marzo a mayo de 2022.', ['marzo DATE 2022-03', 'mayo de 2022 DATE 2022-05']],
    ['Baja entre noviembre y febrero de 2024.', ['noviembre DATE 2023-11', 'febrero de 2024 DATE 2024-02']],
    ['Ingresó del 28 de enero al 3 de febrero.', ['28 de enero DATE 2024-01-28', '3 de febrero DATE 2024-02-03']],
  ])('%s', (text, expected) => {
    expect(temporal(text)).toEqual(expected);
  });
});

describe('ages are not durations', () => {
  it.each([
    'Varón de 72 años.',
    'Mujer de 45 años.',
    'Lactante de 3 meses.',
    'Paciente de 80 años de edad.',
    'Recién nacido de 5 días.',
    'Edad: 64 años.',
    'Neonato con 3 días de vida.',
    'Diagnosticado a los 40 años.',
  ])('%s', (text) => {
    expect(temporal(text).filter((t) => t.includes('DURATION'))).toEqual([]);
  });

  it('keeps the durations beside an age', () => {
    expect(temporal('Mujer de 45 años con fiebre de 3 días.')).toEqual(['3 días DURATION P3D']);
    expect(temporal('Cuadro de 2 semanas de evolución.')).toEqual(['2 semanas DURATION P2W']);
  });
});

describe('numbers that only look like dates, impossible dates, years out of range', () => {
  it.each([
    'TA 120/80.',
    'Tomar 1/2 comprimido.',
    '3/4 partes del pulmón.',
    '2-3 veces.',
    'Ingreso el 31 de febrero.',
    'Alta el 31/04/2024.',
    'Fecha 00/00/0000.',
    'En el año 10000.',
    'En 0000.',
  ])('%s', (text) => {
    expect(temporal(text)).toEqual([]);
  });

  it('never throws and never dates a fraction or a pressure, whatever the numbers', () => {
    const small = fc.integer({ min: 0, max: 999 }).map(String);
    const shape = fc.oneof(
      fc.tuple(small, small).map(([a, b]) => `TA ${a}/${b}`),
      fc.tuple(small, small).map(([a, b]) => `${a}/${b} comprimido`),
      fc.tuple(small, small).map(([a, b]) => `${a}-${b} veces`),
      fc
        .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99999 }))
        .map(([a, b]) => `dilución ${a}/${b < 1900 || b > 2100 ? b : b + 10000}`),
    );
    fc.assert(
      fc.property(shape, (text) => {
        expect(temporal(text)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('resolves a written day only when it exists, for any day, month and four-digit year', () => {
    const MONTH_NAMES = [
      'enero',
      'febrero',
      'marzo',
      'abril',
      'mayo',
      'junio',
      'julio',
      'agosto',
      'septiembre',
      'octubre',
      'noviembre',
      'diciembre',
    ];
    const exists = (year: number, month: number, day: number): boolean => {
      const d = new Date(Date.UTC(2000, 0, 1));
      d.setUTCFullYear(year, month, day);
      return d.getUTCDate() === day;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1000, max: 9999 }),
        (day, month, year) => {
          const written = `${day} de ${MONTH_NAMES[month] as string} de ${year}`;
          const value = `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(temporal(`Ingreso el ${written}.`)).toEqual(exists(year, month, day) ? [`${written} DATE ${value}`] : []);
        },
      ),
      { numRuns: 500 },
    );
  });
});
