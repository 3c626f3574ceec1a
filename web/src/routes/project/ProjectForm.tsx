/**
 * The project data form shared by "new project" and "project data" (platform spec section 2):
 * name, address search (300 ms debounce, skipped for blank input) with results and map, address
 * by coordinates when geocoding fails, air pollution, rule edition (api extension), comment
 * (3 rows), client block (on the new-project screen behind "advanced input"), disclaimer. The
 * parent owns the values (a failed save keeps them).
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { AirPollution, ClientData, FormOfAddress, GeocodingResult, RuleEdition } from '../../api/index.ts';
import { Button } from '../../components/Button.tsx';
import { Disclosure } from '../../components/Disclosure.tsx';
import { NumberField } from '../../components/NumberField.tsx';
import { Select } from '../../components/Select.tsx';
import { TextField } from '../../components/TextField.tsx';
import { ADDRESS_SEARCH_DEBOUNCE_MS } from '../../constants.ts';
import { DEFAULT_RULE_EDITION, RULE_EDITIONS } from '../../stores/ProjectStore.ts';
import { useStores } from '../../stores/StoreContext.tsx';
import { LocationMap } from './LocationMap.tsx';
import './project.css';

/** The map's default location (the spec leaves it open): Kassel, the middle of Germany. */
export const DEFAULT_LOCATION = { latitude: 51.3127, longitude: 9.4797 } as const;

export interface ProjectFormValues {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  airPollution: AirPollution | null;
  ruleEdition: RuleEdition;
  comment: string;
  client: { formOfAddress: FormOfAddress; name: string; street: string; streetNo: string; zipCode: string; city: string };
}

export function emptyValues(): ProjectFormValues {
  return {
    name: '',
    address: '',
    ...DEFAULT_LOCATION,
    airPollution: null,
    ruleEdition: DEFAULT_RULE_EDITION,
    comment: '',
    client: { formOfAddress: 'NONE', name: '', street: '', streetNo: '', zipCode: '', city: '' },
  };
}

/** What the form shows of a project: the api's project data or the engine's (a trial project). */
export interface ProjectFields {
  readonly name: string;
  readonly comment?: string | null | undefined;
  readonly location?: { readonly latitude: number; readonly longitude: number; readonly address?: string | null | undefined } | null | undefined;
  readonly airPollution?: AirPollution | null | undefined;
  readonly ruleEdition?: RuleEdition | null | undefined;
  readonly clientData?: { readonly [K in keyof ProjectFormValues['client']]?: ProjectFormValues['client'][K] | null | undefined } | null | undefined;
}

export function valuesOf(project: ProjectFields): ProjectFormValues {
  const c = project.clientData ?? {};
  return {
    name: project.name,
    address: project.location?.address ?? '',
    latitude: project.location?.latitude ?? DEFAULT_LOCATION.latitude,
    longitude: project.location?.longitude ?? DEFAULT_LOCATION.longitude,
    airPollution: project.airPollution ?? null,
    ruleEdition: project.ruleEdition ?? DEFAULT_RULE_EDITION,
    comment: project.comment ?? '',
    client: {
      formOfAddress: c.formOfAddress ?? 'NONE',
      name: c.name ?? '',
      street: c.street ?? '',
      streetNo: c.streetNo ?? '',
      zipCode: c.zipCode ?? '',
      city: c.city ?? '',
    },
  };
}

export function isValid(v: ProjectFormValues): boolean {
  return v.name.trim() !== '' && v.address.trim() !== '' && v.airPollution !== null && Number.isFinite(v.latitude) && Number.isFinite(v.longitude);
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function clientDataOf(v: ProjectFormValues): ClientData {
  return {
    formOfAddress: v.client.formOfAddress,
    name: orNull(v.client.name),
    street: orNull(v.client.street),
    streetNo: orNull(v.client.streetNo),
    zipCode: orNull(v.client.zipCode),
    city: orNull(v.client.city),
  };
}

export function locationOf(v: ProjectFormValues) {
  return { latitude: v.latitude, longitude: v.longitude, address: v.address.trim() };
}

const AIR_POLLUTION: readonly AirPollution[] = ['L1', 'L2', 'L3', 'L4'];
const FORMS_OF_ADDRESS: readonly FormOfAddress[] = ['NONE', 'FEMALE', 'MALE', 'OTHER', 'COMPANY'];

/** Address search with a 300 ms debounce; blank input is skipped. */
function AddressSearch({ onPick }: { onPick: (result: GeocodingResult) => void }) {
  const { t } = useTranslation('project');
  const store = useStores();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<readonly GeocodingResult[]>([]);
  const [searched, setSearched] = useState(false);

  useEffect(() => {
    if (query.trim() === '') {
      setResults([]);
      setSearched(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void store.project.searchAddress(query, controller.signal).then((found) => {
        if (controller.signal.aborted) return;
        setResults(found);
        setSearched(true);
      });
    }, ADDRESS_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, store]);

  return (
    <div className="rp-project__search">
      <TextField label={t('form.addressSearch')} description={t('form.addressSearchHint')} type="search" value={query} onChange={setQuery} />
      {results.length > 0 && (
        <ul className="rp-project__results" aria-label={t('form.addressResults')}>
          {results.map((result) => (
            <li key={`${result.lat},${result.lon},${result.display_name}`}>
              <Button
                variant="ghost"
                onPress={() => {
                  onPick(result);
                  setResults([]);
                  setQuery('');
                }}
              >
                {result.display_name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {searched && results.length === 0 && (
        <p className="rp-project__hint" role="status">
          {t('form.noAddressFound')}
        </p>
      )}
    </div>
  );
}

export interface ProjectFormProps {
  readonly values: ProjectFormValues;
  readonly onChange: (change: (values: ProjectFormValues) => ProjectFormValues) => void;
  /** Show the required-field messages (after a save attempt). */
  readonly showErrors: boolean;
  /** The client block sits behind "advanced input" (the new-project screen, platform spec section 2). */
  readonly clientBehindAdvanced?: boolean;
}

export const ProjectForm = observer(function ProjectForm({ values, onChange, showErrors, clientBehindAdvanced = false }: ProjectFormProps) {
  const { t } = useTranslation('project');
  const store = useStores();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [reverseFailed, setReverseFailed] = useState(false);
  const moveId = useRef(0);
  const touch = (field: string) => setTouched((old) => new Set(old).add(field));
  const invalid = (field: string, bad: boolean) => bad && (showErrors || touched.has(field));
  const set = <K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) => onChange((v) => ({ ...v, [key]: value }));
  const setClient = (key: keyof ProjectFormValues['client'], value: string) => onChange((v) => ({ ...v, client: { ...v.client, [key]: value } }));

  const moveTo = (latitude: number, longitude: number) => {
    const id = ++moveId.current;
    onChange((v) => ({ ...v, latitude, longitude }));
    void store.project.reverseGeocode(latitude, longitude).then((address) => {
      if (id !== moveId.current) return;
      setReverseFailed(address === undefined);
      if (address !== undefined) onChange((v) => ({ ...v, address }));
    });
  };

  const nameInvalid = invalid('name', values.name.trim() === '');
  const addressInvalid = invalid('address', values.address.trim() === '');
  const pollutionInvalid = invalid('airPollution', values.airPollution === null);

  const clientBlock = (
    <fieldset className="rp-project__block">
      <legend>{t('form.clientBlock')}</legend>
      <Select
        label={t('form.formOfAddress')}
        options={FORMS_OF_ADDRESS.map((id) => ({ id, label: t(`form.formsOfAddress.${id}`) }))}
        value={values.client.formOfAddress}
        onChange={(value) => setClient('formOfAddress', value)}
      />
      <TextField label={t('form.clientName')} value={values.client.name} onChange={(value) => setClient('name', value)} />
      <div className="rp-project__row">
        <TextField label={t('form.street')} value={values.client.street} onChange={(value) => setClient('street', value)} />
        <TextField label={t('form.streetNo')} value={values.client.streetNo} onChange={(value) => setClient('streetNo', value)} />
      </div>
      <div className="rp-project__row">
        <TextField label={t('form.zipCode')} value={values.client.zipCode} onChange={(value) => setClient('zipCode', value)} />
        <TextField label={t('form.city')} value={values.client.city} onChange={(value) => setClient('city', value)} />
      </div>
    </fieldset>
  );

  return (
    <div className="rp-project__form">
      <fieldset className="rp-project__block">
        <legend>{t('form.projectBlock')}</legend>
        <TextField
          label={t('form.name')}
          value={values.name}
          onChange={(name) => set('name', name)}
          onBlur={() => touch('name')}
          isRequired
          isInvalid={nameInvalid}
          errorMessage={t('form.required')}
        />
        <Select
          label={t('form.airPollution')}
          options={AIR_POLLUTION.map((id) => ({ id, label: t(`form.airPollutionLevels.${id}`) }))}
          value={values.airPollution}
          onChange={(value) => {
            set('airPollution', value);
            touch('airPollution');
          }}
          placeholder={t('form.choose')}
          isRequired
          isInvalid={pollutionInvalid}
          errorMessage={t('form.required')}
        />
        <Select
          label={t('form.ruleEdition')}
          options={RULE_EDITIONS.map((id) => ({ id, label: id }))}
          value={values.ruleEdition}
          onChange={(value) => set('ruleEdition', value)}
        />
        <AriaTextField className="rp-field" value={values.comment} onChange={(comment) => set('comment', comment)}>
          <Label className="rp-field__label">{t('form.comment')}</Label>
          <TextArea className="rp-field__input" rows={3} />
        </AriaTextField>
      </fieldset>

      <fieldset className="rp-project__block rp-project__location">
        <legend>{t('form.locationBlock')}</legend>
        <AddressSearch
          onPick={(result) => {
            const latitude = Number(result.lat);
            const longitude = Number(result.lon);
            moveId.current++;
            setReverseFailed(false);
            onChange((v) => ({ ...v, address: result.display_name, ...(Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : {}) }));
          }}
        />
        <TextField
          label={t('form.address')}
          value={values.address}
          onChange={(address) => set('address', address)}
          onBlur={() => touch('address')}
          isRequired
          isInvalid={addressInvalid}
          errorMessage={t('form.required')}
          {...(reverseFailed ? { description: t('form.reverseFailed') } : {})}
        />
        <div className="rp-project__coordinates">
          <NumberField
            label={t('form.latitude')}
            value={values.latitude}
            minValue={-90}
            maxValue={90}
            step={0.0001}
            formatOptions={{ maximumFractionDigits: 6 }}
            onChange={(latitude) => Number.isFinite(latitude) && moveTo(latitude, values.longitude)}
          />
          <NumberField
            label={t('form.longitude')}
            value={values.longitude}
            minValue={-180}
            maxValue={180}
            step={0.0001}
            formatOptions={{ maximumFractionDigits: 6 }}
            onChange={(longitude) => Number.isFinite(longitude) && moveTo(values.latitude, longitude)}
          />
        </div>
        <p className="rp-project__hint">{t('form.mapHint')}</p>
        <LocationMap latitude={values.latitude} longitude={values.longitude} onMove={moveTo} />
      </fieldset>

      {clientBehindAdvanced ? (
        <Disclosure label={t('form.advancedInput')} className="rp-project__advanced">
          {clientBlock}
        </Disclosure>
      ) : (
        clientBlock
      )}

      <p className="rp-project__disclaimer">{t('form.disclaimer')}</p>
    </div>
  );
});
