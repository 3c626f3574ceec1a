/**
 * The new-project page keeps what the planner typed (issue 28) in the browser against the real
 * api: the page is opened from the project list and directly, every api answer and every script
 * chunk after the first document is held back for a while, and the planner fills the name, the
 * air-pollution category and the address (search and pick) in every order as soon as the fields
 * are there, typing fast. At "Projekt bemessen" the name must still be the typed one and the
 * project must be created with it.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConfirmedUser, describeE2e, signIn, startE2eApp, type E2eApp, type TestUser } from './harness.ts';
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
      for (const step of order) await steps[step](page);
      const name = page.getByRole('textbox', { name: 'Projektname' });
      expect(await name.inputValue()).toBe(NAME);
      await page.getByRole('button', { name: 'Projekt bemessen' }).click();
      await page.waitForURL((url) => /^\/project\/[^/]+\/dimensioning/.test(url.pathname), { timeout: 30_000 });
      const projectId = new URL(page.url()).pathname.split('/')[2]!;
      const saved = await (await page.request.get(app.url(`/api/Project/${projectId}`))).json();
      expect(saved).toMatchObject({ name: NAME, airPollution: 'L2', location: { address: MARIENPLATZ.display_name } });
      await page.context().close();
    });
  }
});
