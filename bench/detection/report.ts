/** Tables of the benchmark's figures, as text (terminal) and as Markdown (docs). */
import type { Cell, Table } from './measure';

const DETECTOR_NAMES: Record<Table['detector'], string> = {
  shake: 'Shake',
  loudSound: 'Loud sound',
  voice: 'Voice keywords',
};

export function formatCell(cell: Cell): string {
  if (cell.label === 'danger') {
    if (cell.of !== undefined) return `${cell.detected}/${cell.of}`;
    const found = cell.detectedAfterS === null ? 'missed' : `${cell.detectedAfterS.toFixed(2)} s`;
    return cell.falseAlarms > 0 ? `${found} +${cell.falseAlarms}` : found;
  }
  if (cell.of !== undefined) return `${cell.fired}/${cell.of}`;
  const perHour = cell.perHour;
  const rounded = perHour === 0 ? '0' : perHour < 10 ? perHour.toFixed(1) : perHour.toFixed(0);
  return `${rounded}/h`;
}

function formatSetting(value: number): string {
  return String(value);
}

/** Detected dangers and false alarms per hour over all everyday time, per setting. */
export function summarise(table: Table): { detected: string[]; perHour: string[] } {
  return {
    detected: table.settings.map((_, column) => {
      let detected = 0;
      let of = 0;
      for (const row of table.rows) {
        const cell = row.cells[column]!;
        if (cell.label !== 'danger') continue;
        if (cell.of !== undefined) {
          detected += cell.detected ?? 0;
          of += cell.of;
        } else {
          of++;
          if (cell.detectedAfterS !== null) detected++;
        }
      }
      return `${detected}/${of}`;
    }),
    perHour: table.settings.map((_, column) => {
      let alarms = 0;
      let seconds = 0;
      for (const row of table.rows) {
        const cell = row.cells[column]!;
        if (cell.label !== 'everyday' || row.trace.eventNoun) continue;
        alarms += cell.falseAlarms;
        seconds += row.trace.durationS;
      }
      return seconds === 0 ? '-' : `${((alarms * 3600) / seconds).toFixed(1)}/h`;
    }),
  };
}

/** What an "n/N" cell counts. */
function eventSuffix(trace: Table['rows'][number]['trace']): string {
  if (!trace.eventNoun) return '';
  return trace.label === 'danger'
    ? ` (${trace.eventNoun} detected)`
    : ` (${trace.eventNoun} that opened a countdown)`;
}

function title(table: Table): string {
  const rules = table.rules === 'first' ? 'rule as first written' : 'current rule';
  return `${DETECTOR_NAMES[table.detector]} (${rules}): ${table.note}`;
}

function rowsOf(table: Table): string[][] {
  const sorted = [...table.rows].sort((a, b) =>
    a.trace.label === b.trace.label ? 0 : a.trace.label === 'everyday' ? -1 : 1,
  );
  const summary = summarise(table);
  return [
    ['trace', '', ...table.settings.map(formatSetting)],
    ...sorted.map((row) => [
      row.trace.title + eventSuffix(row.trace),
      row.trace.label,
      ...row.cells.map(formatCell),
    ]),
    ['everyday, all hour-long figures together', 'everyday', ...summary.perHour],
    ['dangers detected', 'danger', ...summary.detected],
  ];
}

export function textTable(table: Table): string {
  const rows = rowsOf(table);
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((value, column) => (column < 2 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!)))
      .join('  ');
  return [`${title(table)}; columns: ${table.setting}`, line(rows[0]!), ...rows.slice(1).map(line)].join(
    '\n',
  );
}

export function markdownTable(table: Table): string {
  const rows = rowsOf(table);
  const header = rows[0]!.map((value, column) => (column === 0 ? 'trace' : column === 1 ? '' : value));
  header[0] = `trace (${table.setting} →)`;
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, column) => (column < 2 ? '---' : '---:')).join('|')}|`,
    ...rows.slice(1).map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}
