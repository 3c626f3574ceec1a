/**
 * The new-project page keeps what the planner typed (issue 28) in the browser against the real
 * api: the page is opened from the project list and directly, every api answer and every script
 * chunk after the first document is held back for a while, and the planner fills the name, the
 * air-pollution category and the address (search and pick) in every order as soon as the fields
 * are there, typing fast. At "Projekt bemessen" the name must still be the typed one, in the same
 * element (no remount), and the project must be created with it.
 *
 * "Anlage konfigurieren" opens the configurator of the new project, whose first configuration
 * starts on the new project's grid, 10 m × 20 m; a second one on the api's 10 m × 10 m (decision 0235).
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConfirmedUser, describeE2e, signIn, startE2eApp, type E2eApp, type TestUser } from './harness.ts';
import { choose } from './dimensioningHelpers.ts';
import { PLACES } from './servers.ts';

const MARIENPLATZ = PLACES[0]!;
const NAME = 'Neubau Marienplatz';

type Step = 'name' | 'airPollution' | 'address';

function orders(items: readonly Step[]): Step[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) => orders([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

/** Holds every api answer and script chunk for `ms` (the session's own call too): the page's parts arrive late. */
async function slowDown(page: Page, ms: number): Promise<void> {
  const later = (route: Route) => new Promise<void>((resolve) => setTimeout(() => void route.continue().then(resolve, resolve), ms));
  await page.route('**/api/**', later);
  await page.route('**/assets/**', later);
}

const steps: Record<Step, (page: Page) => Promise<void>> = {
  name: async (page) => {
    await page.getByRole('textbox', { name: 'Projektname' }).pressSequentially(NAME, { delay: 5 });
  },
  airPollution: async (page) => {
    await page.getByRole('button', { name: /Luftverschmutzung/ }).click();
    await page.getByRole('option', { name: 'L2 – mittel' }).click();
  },
  address: async (page) => {
    await page.getByRole('searchbox', { name: 'Adresse suchen' }).pressSequentially('Marienplatz München', { delay: 5 });
    await page.getByRole('button', { name: MARIENPLATZ.display_name }).click();
  },
};

describeE2e('new project: the typed fields survive the page loading its parts', () => {
  let app: E2eApp;
  let planner: TestUser;

  beforeAll(async () => {
    app = await startE2eApp();
    planner = await createConfirmedUser(app, 'schnell@example.com', 'Schnelle Planerin');
  });

  afterAll(async () => {
    await app?.close();
  });

  for (const [index, order] of orders(['name', 'airPollution', 'address']).entries()) {
    const fromList = index % 2 === 0;
    it(`keeps the name (${order.join(', ')}; ${fromList ? 'from the project list' : 'opened directly'})`, async () => {
      const page = await app.newPage();
      await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
      await signIn(page, app, planner);
      if (fromList) {
        await page.goto(app.url('/projects/projects'));
        await page.getByRole('heading', { level: 1, name: 'Meine Projekte' }).waitFor();
        await slowDown(page, 400 + 100 * index);
        await page.getByRole('button', { name: 'Neues Projekt' }).click();
      } else {
        await slowDown(page, 400 + 100 * index);
        await page.goto(app.url('/project/new'), { waitUntil: 'commit' });
      }
      // the name field as first mounted: a remount makes a new element without this mark, even
      // when the kept draft (UiStore.draft) shows the typed name again
      const name = page.getByRole('textbox', { name: 'Projektname' });
      await name.evaluate((input) => input.setAttribute('data-e2e-first-mount', ''));
      for (const step of order) await steps[step](page);
      expect(await name.inputValue()).toBe(NAME);
      expect(await name.getAttribute('data-e2e-first-mount')).toBe('');
      await page.getByRole('button', { name: 'Projekt bemessen' }).click();
      await page.waitForURL((url) => /^\/project\/[^/]+\/dimensioning/.test(url.pathname), { timeout: 30_000 });
      const projectId = new URL(page.url()).pathname.split('/')[2]!;
      const saved = await (await page.request.get(app.url(`/api/Project/${projectId}`))).json();
      expect(saved).toMatchObject({ name: NAME, airPollution: 'L2', location: { address: MARIENPLATZ.display_name } });
      await page.context().close();
    });
  }

  it('"Anlage konfigurieren": the new project’s first configuration is 10 m wide and 20 m long, a second one 10 m × 10 m', async () => {
    const page = await app.newPage();
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(page, app, planner);
    await page.goto(app.url('/project/new'));
    for (const step of ['name', 'airPollution', 'address'] as const) await steps[step](page);
    await page.getByRole('button', { name: 'Anlage konfigurieren' }).click();
    await page.waitForURL((url) => /^\/project\/[^/]+\/configurator$/.test(url.pathname), { timeout: 30_000 });
    const projectId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByTestId('no-configurations').waitFor({ timeout: 60_000 });
    const configurations = async () =>
      (await (await page.request.get(app.url(`/api/BoxConfigurator/configurations/${projectId}`))).json()) as { name: string; dimensioning: { width: number; length: number } }[];
    const create = async (name: string) => {
      await page.getByTestId('add-configuration').and(page.locator(':not([disabled])')).waitFor({ timeout: 60_000 });
      await page.getByTestId('add-configuration').click();
      const dialog = page.getByRole('dialog', { name: 'Konfiguration anlegen' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await choose(page, 'Maßnahme', 'Ohne Maßnahme (freie Konfiguration)');
      await dialog.getByRole('button', { name: 'Anlegen' }).click();
      await dialog.waitFor({ state: 'detached' });
    };

    await create('Hof');
    await expect.poll(async () => (await configurations()).map((c) => [c.name, c.dimensioning.width, c.dimensioning.length]), { timeout: 20_000 }).toEqual([['Hof', 10, 20]]);
    // the side panel shows the grid it opened with, in whole 0.8 m cells: 25 × 0.8 m long, 12 × 0.8 m wide
    await expect.poll(() => page.getByRole('textbox', { name: 'Länge (m)' }).inputValue(), { timeout: 20_000 }).toBe('20');
    expect(await page.getByRole('textbox', { name: 'Breite (m)' }).inputValue()).toBe('9,6');

    await create('Garage');
    await expect.poll(async () => (await configurations()).map((c) => [c.name, c.dimensioning.width, c.dimensioning.length]), { timeout: 20_000 }).toEqual([
      ['Hof', 10, 20],
      ['Garage', 10, 10],
    ]);
    await page.context().close();
  });
});
