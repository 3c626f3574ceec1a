/**
 * The footer from the operator's branding (GET /api/Branding, docs/branding.md): the provider's
 * news, downloads, price list, technical information, CAD drawings, tender texts in German and
 * English, country, social and app-store links, and the legal links; the planner's own links
 * unless it is a share view; the build's links while there is no branding.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { resetBranding } from '../branding/branding.ts';
import { renderWithStore, testStore } from '../test/render.tsx';
import { Footer } from './Footer.tsx';

/** An operator's branding as GET /api/Branding answers it (the parts the footer shows). */
const branding = {
  company: 'Beispiel Hersteller GmbH',
  address: 'Werkstraße 1, 12345 Beispielstadt',
  links: {
    news: 'https://provider.invalid/news',
    downloads: 'https://provider.invalid/downloads',
    priceList: 'https://provider.invalid/price-list.pdf',
    technicalInformation: 'https://provider.invalid/technical',
    cadDrawings: 'https://provider.invalid/cad',
    tenderTextsDe: 'https://provider.invalid/ausschreibungstexte',
    tenderTextsEn: 'https://provider.invalid/tender-texts',
    country: { label: 'Österreich', url: 'https://provider.invalid/at' },
    social: [{ label: 'LinkedIn', url: 'https://provider.invalid/linkedin' }],
    appStores: [{ label: 'Google Play', url: 'https://provider.invalid/android' }],
    imprint: 'https://provider.invalid/imprint',
    privacy: 'https://provider.invalid/privacy',
    terms: 'https://provider.invalid/terms',
    contact: 'https://provider.invalid/contact',
    website: 'https://provider.invalid/',
  },
};

function show(language: 'de' | 'en', planner: boolean, withBranding = true) {
  resetBranding();
  const store = testStore(withBranding ? { '/api/Branding': { body: branding } } : {}, language);
  renderWithStore(
    <MemoryRouter>
      <Footer planner={planner} />
    </MemoryRouter>,
    store,
  );
}

const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('footer', () => {
  afterEach(() => resetBranding());

  it("shows the provider's links from the branding, the planner's own links and the tender texts in both languages", async () => {
    show('de', true);
    const service = await screen.findByTestId('footer-service');
    const links = branding.links;
    expect(within(service).getByRole('link', { name: 'Downloads' }).getAttribute('href')).toBe(links.downloads);
    expect(within(service).getByRole('link', { name: 'Preisliste' }).getAttribute('href')).toBe(links.priceList);
    expect(within(service).getByRole('link', { name: 'Technische Informationen' }).getAttribute('href')).toBe(links.technicalInformation);
    expect(within(service).getByRole('link', { name: 'CAD-Zeichnungen' }).getAttribute('href')).toBe(links.cadDrawings);
    expect(within(service).getByRole('link', { name: 'Ausschreibungstexte (deutsch)' }).getAttribute('href')).toBe(links.tenderTextsDe);
    expect(within(service).getByRole('link', { name: 'Tender texts (English)' }).getAttribute('href')).toBe(links.tenderTextsEn);
    expect(href('Neuigkeiten')).toBe(links.news);
    expect(href(links.country.label)).toBe(links.country.url);
    for (const link of [...links.social, ...links.appStores]) expect(href(link.label)).toBe(link.url);
    expect(href('Impressum')).toBe(links.imprint);
    expect(href('Projekte')).toBe('/projects/projects');
    expect(href('Neues Projekt')).toBe('/project/new');
  });

  it('has no planner links in a share view, and English texts in English', async () => {
    show('en', false);
    await screen.findByTestId('footer-service');
    expect(screen.queryByRole('link', { name: 'Projects' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New project' })).toBeNull();
    expect(href('Price list')).toBe(branding.links.priceList);
    expect(screen.getAllByRole('link').some((a) => a.getAttribute('href') === branding.links.tenderTextsEn && a.getAttribute('hreflang') === 'en')).toBe(true);
  });

  it("keeps the build's legal links without a branding", async () => {
    show('de', true, false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('footer-service')).toBeNull();
    expect(href('Impressum')).toBe('https://rainplan.invalid/imprint');
  });
});
