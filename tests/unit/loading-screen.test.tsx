/**
 * index.html paints "Loading Application..." before any script has run; the app's first render replaces
 * it with its own WaitScreen. Both must be the same markup, so the swap changes nothing on screen.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LOADING_TEXT, WaitScreen } from '#src/app/routes.tsx';

describe('the loading screen of index.html', () => {
  it('is the markup of WaitScreen with "Loading Application..."', () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    const root = html.match(/<div id="root">([\s\S]*?)<\/div>\s*<script/)?.[1];
    expect(root, 'index.html has a #root with content').toBeDefined();
    expect(root).toBe(renderToStaticMarkup(<WaitScreen text={LOADING_TEXT} />));
  });
});
