/**
 * What the layout is for, in the side panel (issue 27): the linked measure's required volume
 * beside the layout's available volume and the engine's verdict (from `evaluate` of the project
 * with the saved layout), and the layout's bill total at the project's catalogue prices with its
 * change by the last saved edit. A custom configuration shows only the bill total.
 */
import { useTranslation } from 'react-i18next';
import { DASHES, formatNumber } from '../../dimensioning/ui/format.ts';

export interface PurposeFigures {
  readonly measureName: string;
  readonly requiredVolumeM3: number | undefined;
  readonly availableVolumeM3: number | undefined;
  readonly sufficient: boolean | undefined;
}

export interface PurposePanelProps {
  readonly purpose: PurposeFigures | undefined;
  readonly billTotal: { readonly totalPrice: string; readonly currency: string } | undefined;
  readonly previousBillTotal: { readonly totalPrice: string; readonly currency: string } | undefined;
}

export function PurposePanel({ purpose, billTotal, previousBillTotal }: PurposePanelProps) {
  const { t, i18n } = useTranslation('configurator');
  const language = i18n.language;
  const n = (value: number | undefined, digits = 2) => formatNumber(value, language, digits, digits);
  const money = (value: string | undefined, currency: string) =>
    value === undefined ? DASHES : new Intl.NumberFormat(language.startsWith('en') ? 'en-GB' : 'de-DE', { style: 'currency', currency }).format(Number(value));
  const change = billTotal !== undefined && previousBillTotal !== undefined && previousBillTotal.currency === billTotal.currency ? Number(billTotal.totalPrice) - Number(previousBillTotal.totalPrice) : undefined;
  const verdict = purpose?.sufficient === undefined ? t('purpose.notSized') : purpose.sufficient ? t('purpose.sufficient') : t('purpose.insufficient');
  return (
    <section aria-labelledby="rp-side-purpose" data-testid="side-purpose">
      <h3 id="rp-side-purpose">{purpose === undefined ? t('purpose.titleCustom') : t('purpose.title', { name: purpose.measureName })}</h3>
      <dl className="rp-facts">
        {purpose !== undefined && (
          <>
            <dt>{t('purpose.required')}</dt>
            <dd data-testid="purpose-required">{n(purpose.requiredVolumeM3)} m³</dd>
            <dt>{t('purpose.available')}</dt>
            <dd data-testid="purpose-available">{n(purpose.availableVolumeM3)} m³</dd>
            <dt>{t('purpose.verdict')}</dt>
            <dd data-testid="purpose-verdict" data-sufficient={purpose.sufficient === undefined ? 'unknown' : String(purpose.sufficient)}>
              {verdict}
            </dd>
          </>
        )}
        <dt>{t('purpose.billTotal')}</dt>
        <dd data-testid="purpose-bill">{money(billTotal?.totalPrice, billTotal?.currency ?? 'EUR')}</dd>
        {change !== undefined && change !== 0 && billTotal !== undefined && (
          <>
            <dt>{t('purpose.billChange')}</dt>
            <dd data-testid="purpose-bill-change">
              {change > 0 ? '+' : '−'}
              {money(String(Math.abs(change)), billTotal.currency)}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
