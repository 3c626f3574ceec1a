import { Readable, Writable } from 'node:stream';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '@rainplan/engine/tables';
import { main } from '../main.ts';

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

class Collector extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    callback();
  }
}

/** Runs `main` with in-memory streams. */
export async function run(argv: string[], options: { cwd?: string; stdin?: string } = {}): Promise<RunResult> {
  const stdout = new Collector();
  const stderr = new Collector();
  const stdin = Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin, 'utf8')]);
  const code = await main(argv, { stdout, stderr, stdin, cwd: options.cwd ?? process.cwd() });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * A smooth KOSTRA-shaped rain table r(D, T) in l/(s·ha) over all 22 durations and 9 annualities
 * (the project file's rainData form, stamped custom).
 */
export function sampleRainData(): Record<string, unknown> {
  return {
    source: { edition: 'custom' },
    raindataSeries: ANNUALITIES_A.map((annuality) => ({
      annuality,
      valuesForDurations: RAIN_DURATIONS_MIN.map((duration) => ({
        duration,
        value: Math.round(((2500 * (1 + 0.35 * Math.log(annuality))) / (duration + 9) ** 0.8) * 100) / 100,
      })),
    })),
  };
}

/**
 * A small valid project: a roof through a purification (M 153) into a box infiltration tank, and
 * a yard draining into the tank directly. Parents' surface lists agree with the surfaces' parentIds.
 */
export function sampleProject(): Record<string, unknown> {
  return {
    schemaVersion: 4,
    project: { name: 'CLI sample', airPollution: 'L1', location: { latitude: 48.137, longitude: 11.575 } },
    rainData: sampleRainData(),
    waterflow: {
      sealedSurfaces: [
        {
          id: 's1',
          name: 'Roof',
          parentId: 'p1',
          drain: 'Groundwater',
          value: 120,
          data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F1' },
        },
        {
          id: 's2',
          name: 'Yard',
          parentId: 'm1',
          drain: 'Groundwater',
          value: 80,
          data: { runoff: 'concreteBlockPaving', cm: 0.7, cs: 0.9, groundPollutionM153: 'F2' },
        },
      ],
      purifications: [
        {
          id: 'p1',
          name: 'Sediment shaft',
          parentId: 'm1',
          drain: 'Groundwater',
          sealedSurfaces: ['s1'],
          data: { waterCategory: 'G12' },
        },
      ],
      measures: [
        {
          id: 'm1',
          name: 'Box tank',
          parentId: null,
          drain: 'Groundwater',
          value: 10,
          sealedSurfaces: ['s1', 's2'],
          data: {
            installationTarget: 'Infiltration',
            installationVariant: 'infiltrationTank',
            infiltrationTankType: 'Box',
            soilData: 'S3',
            recurrenceInterval: 5,
            safetyMargin: 20,
            dimensioningInfiltrationTank: { length: 7.2, width: 1.6, levels: 1 },
          },
        },
      ],
    },
  };
}

/** The sample project with a missing mean runoff coefficient (an error-severity issue). */
export function sampleProjectWithIssue(): Record<string, unknown> {
  const project = sampleProject() as { waterflow: { sealedSurfaces: { data: Record<string, unknown> }[] } };
  project.waterflow.sealedSurfaces[1]!.data['cm'] = null;
  return project as unknown as Record<string, unknown>;
}
