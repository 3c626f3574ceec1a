/**
 * The box configurator in the browser (issue 17), against the real api, in Chromium with WebGL
 * (SwiftShader): a configuration for an infiltration box tank, a 6 × 3 block drawn over two layers
 * from the keyboard, a layer filled, a row erased, undo and redo, a throttle shaft with its
 * assembly options, a box rotated, a pipe connected to a side, the ground level changed; reload
 * finds everything (on screen and in the api); the side panel's volume and the measure's available
 * volume equal `rainplan boxes` on the exported project file; axe; screenshot docs/screens/configurator.png.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_PATH, REPO_DIR, createConfirmedUser, describeE2e, expectAccessible, screenshot, signIn, startE2eApp, type E2eApp } from './harness.ts';
import { BOX_TANK_INPUTS } from '../test/planning.ts';
import { apiSession, choose, customRainData, type ApiSession } from './dimensioningHelpers.ts';

/** WebGL in headless Chromium: SwiftShader (the harness's browser runs with --disable-gpu). */
const WEBGL_ARGS = ['--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--disable-background-networking', '--no-first-run'];

const BOX_TANK = {
  ...BOX_TANK_INPUTS,
  // one box: the configuration starts as this measure's block, then the planner draws
  dimensioningInfiltrationTank: { width: 0.8, length: 0.8, height: 0.66, levels: 1, storageCoefficient: 95 },
};

interface BoxItem {
  boxId: string;
  boxTypeId: string;
  x: number;
  y: number;
  z: number;
  rotation: string;
  options: { propertyId: string; optionId?: string | null; value?: unknown }[];
}

/** A German number on screen ("7,218 m³") as a number. */
const parseDe = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));
const de = (value: number, digits: number) => new Intl.NumberFormat('de-DE', { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);

describeE2e('box configurator: draw, edit, connect, reload, volumes equal the CLI', () => {
  let app: E2eApp;
  let browser: Browser;
  let page: Page & { errors: string[] };
  let session: ApiSession;
  let projectId: string;
  let measureId: string;

  beforeAll(async () => {
    app = await startE2eApp();
    const user = await createConfirmedUser(app, 'konfigurator@example.com', 'Konrad Konfig');
    session = await apiSession(app, user);
    const created = await session.request<string>('POST', '/api/Project', {
      project: { name: 'Hof mit Rigole', airPollutionType: 'L1' },
      location: { latitude: 48.137, longitude: 11.575, address: 'Marienplatz 1, 80331 München' },
    });
    projectId = String(created).replace(/"/g, '');
    await session.request('PUT', `/api/Project/${projectId}/customRaindata`, customRainData());
    const node = await session.request<Record<string, unknown> & { id: string; data: Record<string, unknown> }>('POST', `/api/Project/${projectId}/measure`, { name: 'Rigole' });
    await session.request('PUT', `/api/Project/${projectId}/measure/${node.id}`, { ...node, value: null, data: { ...node.data, ...BOX_TANK } });
    measureId = node.id;
    // a roof of 120 m² drains into the tank, so the measure is sized and the side panel has a verdict
    const surface = await session.request<Record<string, unknown> & { id: string }>('POST', `/api/Project/${projectId}/surface`, { name: 'Dach' });
    await session.request('PUT', `/api/Project/${projectId}/surface/${surface.id}`, {
      ...surface,
      value: 120,
      drain: 'Groundwater',
      parentId: measureId,
      data: { runoff: 'pitchedRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' },
    });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: WEBGL_ARGS });
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    page = (await context.newPage()) as Page & { errors: string[] };
    page.errors = [];
    page.on('pageerror', (error) => page.errors.push(String(error)));
    await page.addInitScript(() => window.localStorage.setItem('rainplan.changelogVersion', '1.0.5'));
    await signIn(page, app, user);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const canvas = () => page.getByTestId('configurator-canvas');
  const text = async (testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
  const count = async () => Number((await text('side-box-count')).replace(/\D/g, ''));
  const waitCount = async (expected: number, timeout = 15_000) => expect.poll(count, { timeout }).toBe(expected);
  const keys = async (...pressed: string[]) => {
    await canvas().focus();
    for (const key of pressed) await page.keyboard.press(key);
  };
  const repeat = (key: string, times: number) => Array.from({ length: times }, () => key);
  /** Moves the grid cursor from wherever it is to (x, z): the corner first, then out. */
  const cursorTo = async (x: number, z: number) => {
    await keys('Escape', ...repeat('ArrowLeft', 12), ...repeat('ArrowDown', 12), ...repeat('ArrowRight', x), ...repeat('ArrowUp', z));
  };
  const tool = async (name: string) => {
    await page.getByTestId(`tool-${name}`).click();
  };
  const items = async () => (await session.request<{ version: number; boxItems: BoxItem[] }>('GET', `/api/BoxConfigurator/${configurationId()}/boxItems`)).boxItems;
  let configId = '';
  let started = Date.now();
  /** Progress in the test log (a slow step is easy to find). */
  const step = (name: string) => console.info(`configurator.e2e ${((Date.now() - started) / 1000).toFixed(1)} s: ${name}`);
  const configurationId = () => configId;

  it('creates a configuration for the box tank, draws, edits, connects and keeps it all over a reload', async () => {
    started = Date.now();
    await page.goto(app.url(`/project/${projectId}/configurator`));
    await page.getByTestId('no-configurations').waitFor();
    step('loaded');
    const enabled = await page
      .getByTestId('add-configuration')
      .and(page.locator(':not([disabled])'))
      .waitFor({ timeout: 60_000 })
      .then(() => true, () => false);
    if (!enabled) throw new Error(`configurator not ready: ${JSON.stringify(page.errors)}\n${(await page.locator('main, body').first().innerText()).slice(0, 2000)}`);

    // create: the measure choice is required, the box tank is offered
    await page.getByTestId('add-configuration').click();
    const dialog = page.getByRole('dialog', { name: 'Konfiguration anlegen' });
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await dialog.getByText('Bitte eine Maßnahme wählen').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Rigole Hof');
    await choose(page, 'Maßnahme', 'Rigole');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitCount(1);
    const configs = await session.request<{ id: string; measureId: string | null }[]>('GET', `/api/BoxConfigurator/configurations/${projectId}`);
    expect(configs).toHaveLength(1);
    expect(configs[0]!.measureId).toBe(measureId);
    configId = configs[0]!.id;
    await expect.poll(async () => Number(await canvas().getAttribute('data-frames')), { timeout: 20_000 }).toBeGreaterThan(0);
    // what the layout is for (decision 0210): the measure's one box, its verdict and its bill
    await expect.poll(async () => parseDe(await text('purpose-available')), { timeout: 20_000 }).toBeGreaterThan(0);
    const availableAtStart = parseDe(await text('purpose-available'));
    const billAtStart = await text('purpose-bill');
    // one box holds less than the roof needs
    expect(parseDe(await text('purpose-required'))).toBeGreaterThan(availableAtStart);
    expect(await page.getByTestId('purpose-verdict').getAttribute('data-sufficient')).toBe('false');
    expect(await text('purpose-verdict')).toBe('Nicht ausreichend');

    step('created');
    // construction area 8 m × 4.8 m (10 × 6 cells), both fields sent together
    await page.getByRole('textbox', { name: 'Länge (m)' }).fill('8');
    await page.getByRole('textbox', { name: 'Breite (m)' }).fill('4,8');
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await session.request<{ dimensioning: { length: number; width: number } }>('GET', `/api/BoxConfigurator/${configId}`)).dimensioning, { timeout: 10_000 }).toMatchObject({ length: 8, width: 4.8 });

    step('resized');
    // a 6 × 3 block on the lowest layer (from the keyboard: Shift+arrows select, Enter fills)
    await cursorTo(0, 0);
    await keys(...repeat('Shift+ArrowRight', 5), ...repeat('Shift+ArrowUp', 2), 'Enter');
    await waitCount(18);
    // … and on a second layer
    await page.getByTestId('add-layer').click();
    await page.getByRole('row', { name: /Lage 2/ }).waitFor();
    await cursorTo(0, 0);
    await keys(...repeat('Shift+ArrowRight', 5), ...repeat('Shift+ArrowUp', 2), 'Enter');
    await waitCount(36);

    step('two layers drawn');
    // fill a third layer (10 × 6)
    await page.getByTestId('add-layer').click();
    await tool('fillLayer');
    await cursorTo(0, 0);
    await keys('Space');
    await waitCount(96);

    step('layer filled');
    // erase a row (along x at z = 5), undo and redo
    await tool('eraseHorizontal');
    await cursorTo(3, 5);
    await keys('Space');
    await waitCount(86);
    await keys('Control+z');
    await waitCount(96);
    await keys('Control+y');
    await waitCount(86);
    await expect.poll(async () => Number(await canvas().getAttribute('data-items')), { timeout: 10_000 }).toBe(86);

    step('erase, undo, redo');
    // a throttle shaft 1.5 m with its assembly (perforated plate)
    await page.getByRole('tab', { name: 'Schächte' }).click();
    await page.getByTestId('item-type-SHAFT_C3_DROSSEL_150').click();
    await tool('draw');
    await cursorTo(8, 3);
    await keys('Space');
    await expect.poll(() => text('side-shaft-count'), { timeout: 10_000 }).toBe('1');
    await waitCount(85);
    await keys('p');
    const shaftDialog = page.getByRole('dialog', { name: 'Schachtausstattung' });
    await shaftDialog.locator('label', { hasText: 'Lochblende' }).click();
    await screenshot(page, 'configurator-shaft-assembly');
    await shaftDialog.getByRole('button', { name: 'Übernehmen' }).click();
    await shaftDialog.waitFor({ state: 'detached' });

    step('shaft placed');
    // rotate a box (r at the cursor)
    await cursorTo(2, 1);
    await keys('r');

    step('rotated');
    // connect a pipe DN 160 to the west side of the corner box (its left side)
    await tool('select');
    await cursorTo(0, 0);
    await keys('Space');
    await page.getByTestId('selection-connections').click();
    const connections = page.getByRole('dialog', { name: 'Anschlüsse' });
    await connections.getByRole('tab', { name: 'Links (West)' }).click();
    await connections.getByTestId('plant-slot-left-1').getByRole('button', { name: 'Anlage wählen' }).click();
    const plants = page.getByRole('dialog', { name: 'Anlage wählen' });
    await plants.locator('label', { hasText: 'Rohranschluss DN 160' }).click();
    await screenshot(page, 'configurator-plant-selection');
    await plants.getByRole('button', { name: 'Wählen' }).click();
    await connections.getByTestId('plant-slot-left-1').getByText('Rohranschluss DN 160').waitFor();
    await screenshot(page, 'configurator-connections');
    await connections.getByRole('button', { name: 'Übernehmen' }).click();
    await connections.waitFor({ state: 'detached' });

    step('connected');
    // ground level 2,5 m (comma)
    await page.getByRole('textbox', { name: 'Geländeoberkante (m)' }).fill('2,5');
    await page.keyboard.press('Tab');

    // everything saved (items 2 s after the last change, settings at once)
    await expect.poll(async () => page.getByTestId('configurator-save-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('saved');
    const net = await text('side-net-volume');
    // the panel follows the saved edits: the available volume is the layout's net volume, the bill total changed
    await expect.poll(async () => parseDe(await text('purpose-available')), { timeout: 20_000 }).toBeCloseTo(parseDe(net), 2);
    expect(parseDe(await text('purpose-available'))).toBeGreaterThan(availableAtStart);
    await expect.poll(async () => text('purpose-bill'), { timeout: 20_000 }).not.toBe(billAtStart);
    // … and the verdict follows: 85 boxes and a shaft hold what the roof needs
    expect(parseDe(await text('purpose-available'))).toBeGreaterThan(parseDe(await text('purpose-required')));
    expect(await page.getByTestId('purpose-verdict').getAttribute('data-sufficient')).toBe('true');
    expect(await text('purpose-verdict')).toBe('Ausreichend');
    await expectAccessible(page);
    // the screenshot at 1280 × 800 (docs/screens/configurator.png)
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'configurator');
    await page.setViewportSize({ width: 1440, height: 900 });

    step('saved');
    // the perspective view draws the full boxes, the plan view their tops only (decision 0152): both render
    const framesBefore = Number(await canvas().getAttribute('data-frames'));
    await page.getByTestId('toggle-perspective').click();
    await expect.poll(async () => Number(await canvas().getAttribute('data-frames')), { timeout: 10_000 }).toBeGreaterThan(framesBefore);
    await expect.poll(async () => Number(await canvas().getAttribute('data-draw-calls')), { timeout: 10_000 }).toBeGreaterThan(2);
    await screenshot(page, 'configurator-perspective');
    await page.getByTestId('toggle-perspective').click();
    await expect.poll(async () => Number(await canvas().getAttribute('data-draw-calls')), { timeout: 10_000 }).toBeGreaterThan(2);
    step('perspective and back');
    await page.reload();
    await page.getByTestId('side-panel').waitFor({ timeout: 60_000 });
    await waitCount(85);
    expect(await text('side-shaft-count')).toBe('1');
    expect(await text('side-net-volume')).toBe(net);
    expect(await page.getByRole('textbox', { name: 'Geländeoberkante (m)' }).inputValue()).toBe('2,5');
    expect(await page.getByRole('row', { name: /Lage 3/ }).count()).toBe(1);

    step('reloaded');
    const stored = await items();
    expect(stored).toHaveLength(86);
    const shaft = stored.find((i) => i.boxTypeId === 'SHAFT_C3_DROSSEL_150')!;
    expect(shaft).toMatchObject({ x: 8, z: 3 });
    expect(shaft.options).toContainEqual(expect.objectContaining({ propertyId: 'shaft', optionId: 'perforated' }));
    expect(stored.find((i) => i.x === 2 && i.y === 2 && i.z === 1)?.rotation).toBe('West');
    expect(stored.find((i) => i.x === 0 && i.y === 2 && i.z === 0)?.options).toContainEqual(expect.objectContaining({ propertyId: 'side.left.plant1', value: 'PIPE_DN160' }));
    expect(stored.filter((i) => i.y === 2 && i.z === 5)).toHaveLength(0);
    const settings = await session.request<{ groundLevel: number }>('GET', `/api/BoxConfigurator/${configId}`);
    expect(settings.groundLevel).toBe(2.5);
    expect(page.errors).toEqual([]);
  }, 300_000);

  it('the side panel and the measure show the volume `rainplan boxes` computes on the exported project', async () => {
    await page.goto(app.url(`/project/${projectId}/projectData`));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Projektdatei herunterladen' }).click();
    const file = await (await downloading).path();
    const bin = path.join(REPO_DIR, 'engine-cli', 'bin', 'rainplan.js');
    if (!existsSync(path.join(REPO_DIR, 'engine-cli', 'dist', 'main.js'))) throw new Error('The rainplan CLI is not built: run `npm run build` (npm test builds it first).');
    const run = spawnSync(process.execPath, [bin, 'boxes', file!, '--format', 'json'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const cli = JSON.parse(run.stdout) as { configurations: { id: string; volumes: { boxCount: number; shaftCount: number; netVolumeM3: number } }[] };
    expect(cli.configurations).toHaveLength(1);
    const volumes = cli.configurations[0]!.volumes;
    expect(volumes).toMatchObject({ boxCount: 85, shaftCount: 1 });

    await page.goto(app.url(`/project/${projectId}/configurator`));
    await waitCount(85, 60_000);
    expect(await text('side-net-volume')).toBe(`${de(volumes.netVolumeM3, 3)} m³`);

    await page.goto(app.url(`/project/${projectId}/dimensioning/measures/${measureId}`));
    await expect.poll(async () => parseDe(await text('result-available')), { timeout: 15_000 }).toBeCloseTo(volumes.netVolumeM3, 2);
    // the measure editor says where its tank comes from and opens that configuration
    const from = page.getByTestId('dimensions-from-configuration');
    expect(await from.textContent()).toContain('Rigole Hof');
    await from.getByRole('button', { name: 'Konfiguration „Rigole Hof“ öffnen' }).click();
    await page.waitForURL(/\/configurator/);
    await waitCount(85, 60_000);
    expect(await page.getByTestId('configuration-picker').textContent()).toContain('Rigole Hof');
  }, 180_000);
});
