/**
 * Export file names after the note and the time, e.g. "glosa-dolor-toracico-20240510-093000.fhir.json":
 * the note's first words without accents or punctuation, and the local time of the export.
 */
const MAX_WORDS = 4;

function noteSlug(text: string): string {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  return words.length ? words.join('-') : 'nota';
}

function stamp(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}`;
  return `${date}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
}

export function exportFileName(text: string, at: Date, extension: string): string {
  return `glosa-${noteSlug(text)}-${stamp(at)}.${extension}`;
}
