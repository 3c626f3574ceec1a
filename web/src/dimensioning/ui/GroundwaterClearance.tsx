/**
 * The groundwater clearance of an infiltration measure on screen (decisions 0173–0175): the input
 * fields (ground level, MHGW, the base level when typed, the cover above a tank) and the check's
 * result block, shown by the measure editor and the read-only share view alike. Every figure is
 * the engine's `groundwaterClearance` of the measure; levels are m above the project's datum
 * (m NHN).
 *
 * The fields commit on every keystroke like the other measure fields, but only a number within
 * `INPUT_LIMITS` (a level of 1e9, a text, a cover below 0 is never committed, so nothing invalid
 * is saved); such a value is named below the field once the field was left (touched).
 */
import type { TFunction } from 'i18next';
import type { Measure, MeasureResult } from '@rainplan/engine';
import { INPUT_LIMITS } from '@rainplan/engine/tables';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField.tsx';
import { DASHES, editText, formatNumber, parseDecimal } from './format.ts';

type Data = Measure['data'];
export type GroundwaterPatch = Partial<Pick<Data, 'groundLevel' | 'meanHighestGroundwaterLevel' | 'baseLevel' | 'coverDepth'>>;

interface LevelFieldProps {
  readonly label: string;
  readonly value: number | null | undefined;
  readonly min: number;
  readonly max: number;
  readonly description?: string;
  readonly isDisabled?: boolean;
  readonly testId: string;
  readonly onCommit: (value: number | null) => void;
}

/** What is wrong with a typed text (a translated message), or undefined when it may be committed. */
export function levelProblem(text: string, min: number, max: number, t: TFunction<'dimensioning'>, language: string): string | undefined {
  const parsed = parseDecimal(text);
  if (parsed === undefined) return t('groundwater.notANumber');
  if (parsed !== null && (parsed < min || parsed > max)) return t('groundwater.outOfRange', { min: formatNumber(min, language), max: formatNumber(max, language) });
  return undefined;
}

/** A level or depth in metres: commits valid numbers (empty clears), names a wrong one after the field was left. */
export function LevelField({ label, value, min, max, description, isDisabled = false, testId, onCommit }: LevelFieldProps) {
  const { t, i18n } = useTranslation('dimensioning');
  const language = i18n.language;
  const [text, setText] = useState(() => editText(value, language));
  const [shown, setShown] = useState({ value, language });
  const [touched, setTouched] = useState(false);
  // A new value from outside (the engine, another view) replaces the text unless the text means it.
  if (!Object.is(shown.value, value) || shown.language !== language) {
    const languageChanged = shown.language !== language;
    setShown({ value, language });
    const parsed = parseDecimal(text);
    const same = (parsed === null && (value === null || value === undefined)) || parsed === value;
    if (!same || languageChanged) setText(editText(value, language));
  }
  const problem = levelProblem(text, min, max, t, language);
  return (
    <TextField
      label={label}
      value={text}
      inputMode="decimal"
      placeholder={DASHES}
      isDisabled={isDisabled}
      isInvalid={touched && problem !== undefined}
      {...(problem === undefined ? {} : { errorMessage: problem })}
      {...(description === undefined ? {} : { description })}
      data-testid={testId}
      onBlur={() => setTouched(true)}
      onChange={(next) => {
        setText(next);
        const parsed = parseDecimal(next);
        if (parsed === undefined || (parsed !== null && (parsed < min || parsed > max))) return;
        if (parsed === value || (parsed === null && (value === null || value === undefined))) return;
        onCommit(parsed);
      }}
    />
  );
}

/** The input fields of the check; `tank`: the measure has a tank part (the cover applies). */
export function GroundwaterFields({ data, tank, isDisabled = false, onChange }: { data: Data; tank: boolean; isDisabled?: boolean; onChange: (patch: GroundwaterPatch) => void }) {
  const { t } = useTranslation('dimensioning');
  const level = { min: INPUT_LIMITS.levelMinM, max: INPUT_LIMITS.levelMaxM };
  return (
    <fieldset disabled={isDisabled} data-testid="groundwater-fields">
      <legend>{t('groundwater.heading')}</legend>
      <p className="rp-muted">{t('groundwater.intro')}</p>
      <div className="rp-grid">
        <LevelField label={t('groundwater.groundLevel')} value={data.groundLevel} {...level} isDisabled={isDisabled} testId="groundwater-ground" onCommit={(v) => onChange({ groundLevel: v })} />
        <LevelField label={t('groundwater.mhgw')} value={data.meanHighestGroundwaterLevel} {...level} isDisabled={isDisabled} testId="groundwater-mhgw" onCommit={(v) => onChange({ meanHighestGroundwaterLevel: v })} />
        {tank && (
          <LevelField
            label={t('groundwater.cover')}
            value={data.coverDepth}
            min={INPUT_LIMITS.coverDepthMinM}
            max={INPUT_LIMITS.coverDepthMaxM}
            description={t('groundwater.coverHint')}
            isDisabled={isDisabled}
            testId="groundwater-cover"
            onCommit={(v) => onChange({ coverDepth: v })}
          />
        )}
        <LevelField
          label={t('groundwater.baseLevel')}
          value={data.baseLevel}
          {...level}
          description={t('groundwater.baseLevelHint')}
          isDisabled={isDisabled}
          testId="groundwater-base"
          onCommit={(v) => onChange({ baseLevel: v })}
        />
      </div>
    </fieldset>
  );
}

/** The check's result block; nothing for a measure that does not infiltrate. */
export function GroundwaterClearanceResult({ result }: { result: MeasureResult | undefined }) {
  const { t, i18n } = useTranslation('dimensioning');
  const c = result?.groundwaterClearance;
  if (c === null || c === undefined) return null;
  const lang = i18n.language;
  const m = (x: number | undefined) => (x === undefined ? DASHES : `${formatNumber(x, lang, 2, 2)} m`);
  const base =
    c.baseLevelM === undefined
      ? DASHES
      : c.baseLevelSource === 'typed'
        ? t('groundwater.baseTyped', { base: m(c.baseLevelM) })
        : t('groundwater.baseDerived', { base: m(c.baseLevelM), ground: m(c.groundLevelM), depth: m(c.depthBelowGroundM) });
  const verdict =
    c.status === 'incomplete'
      ? t('groundwater.notChecked', { missing: c.missing.map((f) => t(`field.${f.split('.').pop() ?? f}`, { defaultValue: f })).join(', ') })
      : t(c.status === 'pass' ? 'groundwater.pass' : 'groundwater.fail');
  return (
    <section className="rp-results" aria-label={t('groundwater.heading')} data-testid="groundwater-results" data-status={c.status}>
      <h2>{t('groundwater.heading')}</h2>
      <dl>
        <dt>{t('groundwater.baseLevelUsed')}</dt>
        <dd data-testid="groundwater-base-used">{base}</dd>
        <dt>{t('groundwater.mhgw')}</dt>
        <dd>{m(c.groundwaterLevelM)}</dd>
        <dt>{t('groundwater.thickness')}</dt>
        <dd data-testid="groundwater-thickness">{m(c.thicknessM)}</dd>
        <dt>{t('groundwater.minimum')}</dt>
        <dd>
          {m(c.minThicknessM)} ({c.clause})
        </dd>
      </dl>
      <p className={`rp-verdict rp-verdict--${c.status === 'pass' ? 'pass' : c.status === 'fail' ? 'fail' : 'open'}`} data-testid="groundwater-status">
        {verdict}
      </p>
    </section>
  );
}

/** The summary line of a project: "3 met, 1 not met, 2 not checked"; null when no measure infiltrates. */
export function GroundwaterSummary({ counts, testId }: { counts: { pass: number; fail: number; incomplete: number } | undefined; testId: string }) {
  const { t } = useTranslation('dimensioning');
  if (counts === undefined || counts.pass + counts.fail + counts.incomplete === 0) return null;
  return <p data-testid={testId}>{t('groundwater.summary', counts)}</p>;
}
