/**
 * A configuration's drawings from GET /Documents/images/{id} (decision 0221): the answer checked
 * before use, the button that shows and hides them, a failure with a retry, and the section on
 * the documents page listing every configuration.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createApi } from '../api/index.ts';
import { readConfig } from '../config.ts';
import { createI18n } from '../i18n/index.ts';
import { RootStore } from '../stores/RootStore.ts';
import { renderWithStore, signedIn, stubFetch, testStore } from '../test/render.tsx';
import { ConfigurationDrawings } from './ConfigurationDrawings.tsx';
import { drawingsFromAnswer } from './DrawingsStore.ts';

/** A 1 × 1 px PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const image = (view: string) => ({ description: { displayId: `Hof – ${view}`, translationKey: `documents.drawing.${view}View` }, content: PNG, svg: '<svg/>' });
const answer = { topViews: [image('top')], frontViews: [image('front')], sideViews: [image('side')], depictions: [{ ...image('depiction'), description: { displayId: 'Hof – depiction', translationKey: 'documents.drawing.depiction' } }] };

describe('drawingsFromAnswer', () => {
  it('keeps the four views in order top, front, side, depiction as PNG data URLs', () => {
    const drawings = drawingsFromAnswer(answer);
    expect(drawings.map((d) => d.view)).toEqual(['topView', 'frontView', 'sideView', 'depiction']);
    expect(drawings[0]).toEqual({ view: 'topView', displayId: 'Hof – top', src: `data:image/png;base64,${PNG}` });
  });

  it('leaves out what is not a drawing: no content, content that is not base64, a wrong shape', () => {
    expect(drawingsFromAnswer(null)).toEqual([]);
    expect(drawingsFromAnswer('x')).toEqual([]);
    expect(drawingsFromAnswer({ topViews: 'x', frontViews: [null, 1, { content: 2 }, { content: '' }, { content: '"><script>' }] })).toEqual([]);
    expect(drawingsFromAnswer({ sideViews: [{ content: PNG }] })).toEqual([{ view: 'sideView', displayId: '', src: `data:image/png;base64,${PNG}` }]);
  });
});

function show(answers: Record<string, { status?: number; body?: unknown }>, language: 'de' | 'en' = 'de') {
  const store = testStore({ ...signedIn(), ...answers }, language);
  renderWithStore(<ConfigurationDrawings configurationId="c2" name="Hof" />, store);
  return store;
}

describe('ConfigurationDrawings', () => {
  it('loads nothing until asked; the button shows the four drawings with their captions and hides them again', async () => {
    let calls = 0;
    const store = show({});
    store.api.documents.images = (id) => {
      calls++;
      expect(id).toBe('c2');
      return Promise.resolve(answer);
    };
    expect(calls).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Zeichnungen anzeigen: Hof' }));
    const box = screen.getByTestId('drawings-c2');
    await waitFor(() => expect(within(box).getAllByRole('img')).toHaveLength(4));
    expect(within(box).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Draufsicht: Hof', 'Vorderansicht: Hof', 'Seitenansicht: Hof', 'Isometrische Darstellung: Hof']);
    expect(within(box).getAllByRole('img')[0]!.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    expect(calls).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Zeichnungen ausblenden: Hof' }));
    expect(within(box).queryAllByRole('img')).toHaveLength(0);
    // shown again without a second call
    fireEvent.click(screen.getByRole('button', { name: 'Zeichnungen anzeigen: Hof' }));
    expect(within(box).getAllByRole('img')).toHaveLength(4);
    expect(calls).toBe(1);
  });

  it('calls GET /Documents/images/{id}; a failure is shown with a retry that loads them', async () => {
    let fail = true;
    const store = show({});
    store.api.documents.images = () => (fail ? Promise.reject(new Error('503')) : Promise.resolve(answer));
    fireEvent.click(screen.getByRole('button', { name: 'Zeichnungen anzeigen: Hof' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Die Zeichnungen konnten nicht geladen werden.'));
    fail = false;
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(4));
  });

  it('asks the api route itself (the path the spec names) and says when there is no drawing, in English too', async () => {
    show({ 'GET /api/Documents/images/c2': { body: { topViews: [], frontViews: [], sideViews: [], depictions: [] } } }, 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Show drawings: Hof' }));
    await waitFor(() => expect(screen.getByTestId('drawings-c2').textContent).toContain('There is no drawing for this configuration.'));
  });

  it('a 404 of the route is a visible failure, not an empty section', async () => {
    show({ 'GET /api/Documents/images/c2': { status: 404, body: { type: 'ERROR', code: 11, message: 'not found' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Zeichnungen anzeigen: Hof' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Die Zeichnungen konnten nicht geladen werden.'));
  });
});

describe('the drawings request', () => {
  it('sends the UI language as languageCode, and asks again in the new language after a switch', async () => {
    const asked: string[] = [];
    const i18n = createI18n('de');
    const fetch = stubFetch({ ...signedIn(), 'GET /api/Documents/images/c2': { body: answer } });
    const root: RootStore = new RootStore({
      i18n,
      api: createApi({
        config: readConfig({}),
        fetch: (input, init) => {
          const url = new URL(String(input), 'http://localhost');
          if (url.pathname.startsWith('/api/Documents/images/')) asked.push(`${url.pathname}${url.search}`);
          return fetch(input, init);
        },
        culture: () => i18n.language,
      }),
    });
    renderWithStore(<ConfigurationDrawings configurationId="c2" name="Hof" />, root);
    fireEvent.click(screen.getByRole('button', { name: 'Zeichnungen anzeigen: Hof' }));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(4));
    expect(asked).toEqual(['/api/Documents/images/c2?languageCode=de']);
    fireEvent.click(screen.getByRole('button', { name: 'Zeichnungen ausblenden: Hof' }));
    // the same language: shown again from what was loaded
    fireEvent.click(screen.getByRole('button', { name: 'Zeichnungen anzeigen: Hof' }));
    expect(asked).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Zeichnungen ausblenden: Hof' }));
    await act(() => i18n.changeLanguage('en'));
    fireEvent.click(screen.getByRole('button', { name: 'Show drawings: Hof' }));
    await waitFor(() => expect(asked).toEqual(['/api/Documents/images/c2?languageCode=de', '/api/Documents/images/c2?languageCode=en']));
    await waitFor(() => expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))[0]).toBe('Top view: Hof'));
  });
});
