import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoRawKeys, waitForServiceWorker } from './support/app';
import { pagePerTest } from './support/rig';

// The contact form: its checks, a send stored on the server, and what people do with it (offline, a
// reload, a double click, long comments, e-mails with a tag, phones with spaces).

const rig = pagePerTest();

/** A unique e-mail per test run: each test finds its own rows, also when it runs a second time. */
const uniqueEmail = (tag: string) => `ana+${tag}-${Date.now()}@sub.estibas.es`;

interface Typed {
  email: string;
  phone?: string;
  comments?: string;
}

async function fillContact(page: Page, { email, phone = '+34 600 000 000', comments }: Typed) {
  await page.getByLabel('Name').fill('Ana Puerto');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Company').fill('Estibas del Levante');
  await page.getByLabel('Comments').fill(comments ?? 'Two berths, coils and granite.');
}

/** Closes the page (its session storage goes with it) and opens /contact in a new page of the same profile. */
async function reopen(page: Page): Promise<Page> {
  await page.close();
  const again = await rig.context.newPage();
  await again.goto('/contact');
  await again.getByLabel('Name').waitFor();
  return again;
}

function rowsFor(email: string) {
  return rig.server.query(
    'select name, email, phone, company, comments, product, language, accepted_terms from contact_request where email = $1',
    [email],
  );
}

describe('contact form', () => {
  it('checks required fields, the e-mail form and the terms', async () => {
    const { page, server } = rig;
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send' }).click();
    for (const message of [
      'Name must not be blank',
      'E-mail must not be blank',
      'Company must not be blank',
    ]) {
      await page.getByText(message).waitFor();
    }
    await page.getByText('Please, accept the Terms and conditions, and the Privacy Policy').waitFor();
    // The focus goes to the first field to fix (out of view on a small screen, read by a screen reader).
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('name'));
    await expect.poll(focused).toBe('name');
    await page.getByLabel('Name').fill('Ana Puerto');
    await page.getByLabel('E-mail').fill('ana@');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Enter a valid e-mail address').waitFor();
    await expect.poll(focused).toBe('email');
    await page.getByLabel('E-mail').fill('ana@estibas.es');
    await page.getByLabel('Company').fill('Estibas del Levante');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(focused).toBe('accepted_terms');
    expect(await server.query(`select id from contact_request where email = 'ana@'`)).toEqual([]);
    await expectNoRawKeys(page);
  });

  it('sends a request with a tagged e-mail, a spaced phone and long comments: stored as typed', async () => {
    const { page } = rig;
    const email = uniqueEmail('send');
    const comments = `Línea 1: bobinas y granito.\n${'x'.repeat(4970)}\nÚltima línea.`.slice(0, 5000);
    await page.goto('/contact');
    await fillContact(page, { email, phone: '+34 600 12 34 56', comments });
    await page.getByRole('checkbox').check();
    // 5000 characters scroll inside the box: Send stays near it.
    const box = await page.getByLabel('Comments').boundingBox();
    expect(box?.height).toBeLessThan(400);
    // A double click sends once.
    await page.getByRole('button', { name: 'Send' }).dblclick();
    await page.getByTestId('contact-success').waitFor();
    expect(await page.getByTestId('contact-success').textContent()).toBeTruthy();
    expect(await rowsFor(email)).toEqual([
      {
        name: 'Ana Puerto',
        email,
        phone: '+34 600 12 34 56',
        company: 'Estibas del Levante',
        comments,
        product: 'karbontrack',
        language: 'en',
        accepted_terms: true,
      },
    ]);
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    // Sent, the draft is gone: the page closed and the form opened again in the same profile is empty.
    const again = await reopen(page);
    expect(await again.getByLabel('Name').inputValue()).toBe('');
    expect(await again.getByLabel('E-mail').inputValue()).toBe('');
    expect(await again.getByRole('checkbox').isChecked()).toBe(false);
  });

  it('keeps what was typed when the page is closed (the tab shut, the app ended) and opened again', async () => {
    const { page } = rig;
    const email = uniqueEmail('closed');
    await page.goto('/contact');
    await fillContact(page, { email, comments: 'Tres grúas.' });
    await page.getByRole('checkbox').check();
    const again = await reopen(page);
    expect(await again.getByLabel('Name').inputValue()).toBe('Ana Puerto');
    expect(await again.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await again.getByLabel('Comments').inputValue()).toBe('Tres grúas.');
    expect(await again.getByRole('checkbox').isChecked()).toBe(true);
    await again.getByRole('button', { name: 'Send' }).click();
    await again.getByTestId('contact-success').waitFor();
    expect(await rowsFor(email)).toMatchObject([{ company: 'Estibas del Levante', comments: 'Tres grúas.' }]);
  });

  it('names the comments when they are too long, and sends nothing', async () => {
    const { page } = rig;
    const email = uniqueEmail('long');
    await page.goto('/contact');
    await fillContact(page, { email, comments: 'y'.repeat(5001) });
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Comments: at most 5000 characters').waitFor();
    expect(await rowsFor(email)).toEqual([]);
  });

  it('offline, says sending needs a connection and keeps what was typed, across a reload too', async () => {
    const { page, context } = rig;
    const email = uniqueEmail('offline');
    await page.goto('/contact');
    await waitForServiceWorker(page);
    await page.getByTestId('language-es').click();
    await page.getByRole('heading', { level: 1, name: 'Contacto' }).waitFor();
    await page.getByLabel('Nombre').fill('Ana Puerto');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Empresa').fill('Estibas del Levante');
    await page.getByLabel('Comentarios').fill('Dos atraques.');
    await page.getByRole('checkbox').check();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByTestId('contact-offline').waitFor();
    expect(await page.getByLabel('Empresa').inputValue()).toBe('Estibas del Levante');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Contacto' }).waitFor();
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(email);
    expect(await page.getByLabel('Comentarios').inputValue()).toBe('Dos atraques.');
    expect(await page.getByRole('checkbox').isChecked()).toBe(true);
    await expectNoRawKeys(page);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByTestId('contact-success').waitFor();
    expect(await rowsFor(email)).toMatchObject([{ company: 'Estibas del Levante', language: 'es' }]);
  });

  it('past the requests one network may send, says when to send again, in English and Spanish, and keeps what was typed', async () => {
    const { page, server } = rig;
    const email = uniqueEmail('limit');
    // The requests this address sent already take the limit (5 an hour): the real server's count.
    const contacts = "delete from login_failure where key like 'contact:%'";
    await server.query(contacts);
    try {
      for (let sent = 0; sent < 5; sent += 1) {
        const response = await fetch(`${server.url}/api/contact/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Loop',
            email: uniqueEmail(`loop${sent}`),
            company: 'Loop',
            accepted_terms: true,
          }),
        });
        expect(response.status).toBe(201);
      }
      await page.goto('/contact');
      await fillContact(page, { email, comments: 'Three berths.' });
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Send' }).click();
      const alert = page.getByTestId('contact-too-many');
      await alert.getByText('send it again in 60 minutes').waitFor();
      await page.getByTestId('language-es').click();
      await alert.getByText('envíela de nuevo dentro de 60 minutos').waitFor();
      expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(email);
      expect(await page.getByLabel('Comentarios').inputValue()).toBe('Three berths.');
      expect(await page.getByRole('checkbox').isChecked()).toBe(true);
      await expectNoRawKeys(page);
      expect(await rowsFor(email)).toEqual([]);
    } finally {
      await server.query(contacts);
    }
  });
});
