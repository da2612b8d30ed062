// Nothing typed is lost without a word (issue 15): leaving a form with unsaved changes by its Close, a
// navigation entry or the back button asks first, and so do Escape and Close on a form's dialog; staying
// keeps what was typed, a reload brings it back as a draft, and leaving on purpose discards it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navigate, openSection, pathOf } from './support/app';
import { openRigProject, projectPerTest } from './support/rig';

const rig = projectPerTest('GUARD', 'Guarded call');

const question = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

async function answer(page: Page, choice: 'Stay and keep editing' | 'Discard changes') {
  await question(page).getByRole('button', { name: choice }).click();
  await question(page).waitFor({ state: 'hidden' });
}

describe('unsaved changes', () => {
  it("a project's general data: Close, a navigation entry and Back ask first; a reload keeps the draft", async () => {
    const page = await openRigProject(rig, { width: 768, height: 1024 });
    const { id, name } = rig.project;
    // Into the project from its list, as a user comes (Back then has a screen of the app to return to).
    await page.getByTestId('record-close').click();
    await page.getByTestId('project-row').filter({ hasText: name }).getByRole('link').first().click();
    await page.getByTestId('project-summary').waitFor();
    await openSection(page, 'general');
    const field = page.getByLabel('Name', { exact: true });
    await field.fill(`${name} (edited)`);
    const here = pathOf(page);

    await page.getByTestId('record-close').click();
    await question(page)
      .getByText('The changes you made here are not saved yet.', { exact: false })
      .waitFor();
    await answer(page, 'Stay and keep editing');
    expect(pathOf(page)).toBe(here);
    expect(await field.inputValue()).toBe(`${name} (edited)`);

    await navigate(page, 'Container reports');
    await question(page).waitFor();
    await answer(page, 'Stay and keep editing');
    expect(pathOf(page)).toBe(here);

    // The browser's back button: within the project it goes to the section before (the form's values
    // stay); past the project it asks, and the address stays where the form is.
    await page.evaluate(() => window.history.back());
    await page.getByTestId('workspace-packing').waitFor();
    await page.evaluate(() => window.history.back());
    await question(page).waitFor();
    await answer(page, 'Stay and keep editing');
    await expect.poll(() => pathOf(page)).toBe(`/project/${id}`);
    await openSection(page, 'general');
    expect(await field.inputValue()).toBe(`${name} (edited)`);

    // A reload (a tablet that restarts) keeps what was typed, and says so.
    await page.reload();
    await page.getByTestId('draft-restored').waitFor();
    expect(await field.inputValue()).toBe(`${name} (edited)`);

    // Leaving on purpose discards it: the stored name comes back, with no draft.
    await page.getByTestId('record-close').click();
    await answer(page, 'Discard changes');
    await page.getByRole('heading', { level: 1, name: 'Projects', exact: true }).waitFor();
    await page.goto(`/project/${id}#general`);
    await field.waitFor();
    expect(await field.inputValue()).toBe(name);
    expect(await page.getByTestId('draft-restored').count()).toBe(0);

    // Saved changes leave without a question.
    await field.fill(`${name} (saved)`);
    await page.getByTestId('record-save').click();
    await page.getByText('Successfully updated').first().waitFor();
    await page.getByTestId('record-close').click();
    await page.getByRole('heading', { level: 1, name: 'Projects', exact: true }).waitFor();
    expect(await question(page).count()).toBe(0);
  });

  it("a form's dialog: Escape and Close ask first, Escape on the question stays; an untouched one just closes", async () => {
    const page = await openRigProject(rig, { width: 768, height: 1024 });
    await openSection(page, 'events');
    await page.getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'New event' });
    const notes = dialog.getByLabel('Notes', { exact: true });
    await notes.fill('Swell in the harbour');

    await page.keyboard.press('Escape');
    await question(page).waitFor();
    await page.keyboard.press('Escape');
    await question(page).waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await notes.inputValue()).toBe('Swell in the harbour');

    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await question(page).waitFor();
    await answer(page, 'Discard changes');
    await dialog.waitFor({ state: 'hidden' });

    // Opened again: nothing kept, and nothing to ask about.
    await page.getByRole('button', { name: 'Add event' }).click();
    await dialog.waitFor();
    expect(await notes.inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await question(page).isVisible()).toBe(false);
  });
});
