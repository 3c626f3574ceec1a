/** The keyboard path from the tools to the grid (issue 27): one Tab from the chosen tool, then Enter. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore, testStore } from '../test/render.tsx';
import { configuratorStore } from './ConfiguratorStore.ts';
import { Toolbar } from './Toolbar.tsx';

describe('Toolbar: the way to the grid', () => {
  it('follows the tools as the next stop and puts the focus on the grid', () => {
    const root = testStore();
    renderWithStore(
      <>
        <Toolbar store={configuratorStore(root)} />
        <canvas data-testid="configurator-canvas" tabIndex={0} />
      </>,
      root,
    );
    const link = screen.getByRole('button', { name: 'Zum Raster' });
    // The tools are one radio group (one Tab stop, arrow keys choose); the link comes right after them.
    const tools = screen.getByRole('radiogroup', { name: 'Werkzeug' });
    const focusable = [...document.querySelectorAll<HTMLElement>('button, input, [tabindex]')].filter((e) => !tools.contains(e) || e === tools);
    expect(focusable.indexOf(link)).toBe(0);
    expect(tools.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByTestId('configurator-canvas'));
  });
});
