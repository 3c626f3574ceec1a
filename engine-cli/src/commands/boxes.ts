import type { Project } from '@rainplan/engine';
import { configurationBill, type BillOfMaterials, type ConfigurationQuantities, type Language } from '@rainplan/engine/bom';
import { geometryLookup, type Catalogue } from '@rainplan/engine/catalogue';
import { configurationVolumes, gridFromConfiguration, type ConfigurationVolumes } from '@rainplan/engine/boxgrid';
import { outputFormat, parseCommandArgs, singlePositional } from '../args.ts';
import { loadCatalogue } from '../catalogue.ts';
import { EXIT, type ExitCode } from '../exitCodes.ts';
import { count, formatParams, renderFields } from '../format.ts';
import { BOXES_HELP } from '../help.ts';
import { UserError, write, writeLines, type CliIo } from '../io.ts';
import { loadProject } from '../project.ts';
import { parseErrorLine } from '../report.ts';
import { billLines, language } from './masslist.ts';

type GridMessages = ReturnType<typeof gridFromConfiguration>['skipped'];

/** What `rainplan boxes` reports of one configuration. */
export interface ConfigurationReport {
  readonly id: string;
  readonly name: string;
  readonly measureId: string | null;
  readonly stormwaterObjective: string | null;
  /** Volumes, envelope, materials, construction pit, cover and the level checks (box grid). */
  readonly volumes: ConfigurationVolumes;
  /** Items the grid skipped on load (spec §5), with why. */
  readonly skipped: GridMessages;
  /** What the bill was counted from (faces, pairs, connections, envelope in mm, material areas). */
  readonly quantities: ConfigurationQuantities;
  readonly bill: BillOfMaterials;
}

/** Volumes, checks and bill of every configuration of a project (or of the one with `id`). */
export function boxesReport(project: Project, catalogue: Catalogue, options: { id?: string | undefined; language?: Language; prices?: boolean } = {}): ConfigurationReport[] {
  const lookup = geometryLookup(catalogue);
  const configurations = (project.boxConfigurations ?? []).filter((c) => options.id === undefined || c.id === options.id);
  return configurations.map((c) => {
    const { grid, skipped } = gridFromConfiguration(c, lookup);
    const { quantities, ...bill } = configurationBill(c, catalogue, { language: options.language ?? 'de', prices: options.prices ?? true });
    return {
      id: c.id,
      name: c.name,
      measureId: c.measureId ?? null,
      stormwaterObjective: c.stormwaterObjective ?? null,
      volumes: configurationVolumes(grid, lookup),
      skipped,
      quantities,
      bill,
    };
  });
}

/** Whether a report found data problems: items skipped, something left out of the bill, or an error-severity check. */
export const hasProblems = (r: ConfigurationReport): boolean =>
  r.skipped.length > 0 || r.bill.issues.length > 0 || r.volumes.messages.some((m) => m.severity === 'error');

/**
 * `rainplan boxes <file|-> [--configuration <id>] [--lang de|en] [--no-prices] [--catalogue <dir>]
 * [--format table|json]`: volumes, dimensions, checks and bill of materials of the project's box
 * configurations. Exit 1 when an item was skipped, something was left out of a bill or a check
 * has severity error; 2 on unreadable input or an unknown configuration id.
 */
export async function boxesCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs('boxes', args, {
    format: { type: 'string', short: 'f' },
    configuration: { type: 'string', short: 'c' },
    lang: { type: 'string' },
    'no-prices': { type: 'boolean' },
    catalogue: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    write(io.stdout, BOXES_HELP);
    return EXIT.OK;
  }
  const format = outputFormat('boxes', values['format']);
  const lang = language('boxes', values['lang']);
  const file = singlePositional('boxes', positionals, 'project file (or - for stdin)');
  const catalogue = await loadCatalogue(values['catalogue'] as string | undefined, io.cwd, 'boxes');
  const { name, result } = await loadProject(file, io);
  if (!result.ok) {
    writeLines(io.stderr, [...result.errors.map((e) => parseErrorLine(name, e)), count(result.errors.length, 'parse error')]);
    return EXIT.USAGE;
  }
  const id = values['configuration'] as string | undefined;
  if (id !== undefined && !(result.project.boxConfigurations ?? []).some((c) => c.id === id)) {
    throw new UserError(`boxes: ${name} has no box configuration ${JSON.stringify(id)}`, { usageHint: 'boxes' });
  }
  const reports = boxesReport(result.project, catalogue, { id, language: lang, prices: values['no-prices'] !== true });
  const code = reports.some(hasProblems) ? EXIT.FAILED : EXIT.OK;
  if (format === 'json') {
    write(io.stdout, `${JSON.stringify({ file: name, currency: catalogue.currency, configurations: reports }, null, 2)}\n`);
    return code;
  }
  if (reports.length === 0) {
    writeLines(io.stdout, [`${name}: no box configurations`]);
    return code;
  }
  const lines: string[] = [];
  for (const r of reports) {
    const v = r.volumes;
    const m3 = (x: number) => x.toFixed(3);
    const m = (x: number) => x.toFixed(2);
    lines.push(`Configuration ${r.id} — ${r.name}${r.measureId === null ? ' (custom)' : ` (measure ${r.measureId})`}`);
    lines.push(
      ...renderFields(
        [
          ['Objective', r.stormwaterObjective ?? '---'],
          ['Boxes / shafts', `${v.boxCount} / ${v.shaftCount}`],
          ['Net volume', `${m3(v.netVolumeM3)} m³`],
          ['Gross volume', `${m3(v.grossVolumeM3)} m³`],
          ['Envelope L × B × H', `${m(v.lengthM)} × ${m(v.widthM)} × ${m(v.heightM)} m (${v.levels} ${v.levels === 1 ? 'level' : 'levels'})`],
          ['Surface touching soil / overlap', `${m(v.surfaceAreaM2)} / ${m(v.overlapAllowanceM2)} m²`],
          ['Foil / fleece / geotextile', `${r.quantities.foilM2} / ${r.quantities.fleeceM2} / ${r.quantities.geotextileM2} m² (sales units)`],
          ['Construction pit', `${m3(v.pit.volumeM3)} m³, depth ${m(v.pit.depthM)} m, bottom ${m(v.pit.bottomAreaM2)} m²`],
          ['Cover', `${m(v.coverDepthM)} m`],
          ['Outer faces / pairs / stacked / connections', `${r.quantities.outerFaces} / ${r.quantities.horizontalPairs} / ${r.quantities.stackedPairs} / ${r.quantities.connections}`],
        ],
        '  ',
      ),
    );
    for (const msg of [...v.messages, ...r.skipped]) lines.push(`  ${msg.severity}: ${msg.code} ${msg.messageKey} (${formatParams(msg.params)})`);
    for (const issue of r.bill.issues) lines.push(`  ${issue.severity}: ${issue.code} ${issue.messageKey}${issue.path === null ? '' : ` at ${issue.path}`} (${formatParams(issue.params)})`);
    lines.push('', ...billLines(r.bill), '');
  }
  writeLines(io.stdout, lines);
  return code;
}

