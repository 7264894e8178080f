import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

/**
 * Issue #13 end to end: a customer and an admin in two browser contexts exchange messages live
 * (no reload), see each other typing and the read receipts, the unread counts follow, and after
 * the server restarts the open pages reconnect and lose no message. This spec runs its own server
 * process (the production build on a fresh embedded database) so that it can restart it.
 */

const PORT = 4341;
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: 'chat-admin@example.com', password: 'chat-admin-password-1', name: 'Dana Admin' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-e2e-chats-'));
const env = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000', ANALYTICS_RATE_LIMIT_MAX: '10000', NODE_ENV: 'test' };
let server: ChildProcess | null = null;

async function startServer() {
  // the compiled server the web server of playwright.config.ts has built
  server = spawn('node', ['dist-server/index.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; i < 120; i++) {
    if (await fetch(`${BASE}/api/health`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the chat test server did not start');
}

async function stopServer() {
  const running = server;
  server = null;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

test.beforeAll(async () => {
  execFileSync('node', ['dist-server/user-create.js', '--email', ADMIN.email, '--password', ADMIN.password, '--role', 'admin', '--name', ADMIN.name], { env, stdio: 'inherit' });
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(context: BrowserContext, email: string, name: string) {
  const response = await context.request.post('/api/auth/sign-up/email', { data: { email, password: 'chat-customer-password-1', name }, headers: { Origin: BASE } });
  expect(response.ok()).toBe(true);
}

async function signIn(context: BrowserContext, account: { email: string; password: string }) {
  const response = await context.request.post('/api/auth/sign-in/email', { data: account, headers: { Origin: BASE } });
  expect(response.ok()).toBe(true);
}

/** Writes in a conversation's composer and sends with Enter. */
async function send(page: Page, text: string, label = 'Message') {
  const composer = page.getByRole('textbox', { name: label, exact: true });
  await composer.fill(text);
  await composer.press('Enter');
}

test('a customer and an admin chat live: typing, read receipts, unread counts, and nothing lost across a server restart', async ({ browser }) => {
  test.setTimeout(150_000);
  const customerContext = await browser.newContext({ baseURL: BASE });
  const adminContext = await browser.newContext({ baseURL: BASE });
  await signUp(customerContext, `chat-${Date.now()}@example.com`, 'Carla Customer');
  await signIn(adminContext, ADMIN);

  // The admin watches the inbox before anything happens.
  const admin = await adminContext.newPage();
  await admin.goto('/admin/chats');
  await expect(admin.getByText('No open conversations.')).toBeVisible();

  // The customer opens the chat from the page's chat button and writes.
  const customer = await customerContext.newPage();
  await customer.goto('/');
  await customer.getByRole('button', { name: 'Chat with us' }).click();
  const panel = customer.getByRole('dialog', { name: 'Chat with us' });
  await expect(panel.getByText(/we answer within 5-10 minutes/i).first()).toBeVisible();
  await send(customer, 'Hello, can someone mount my TV today? https://example.com/tv');
  await expect(panel.getByText('Hello, can someone mount my TV today?')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'https://example.com/tv' })).toBeVisible();

  // It reaches the inbox live, unread, and the header counts it.
  const row = admin.getByRole('listitem').filter({ hasText: 'Carla Customer' });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row.getByText('1 unread message')).toBeVisible();
  await expect(admin.getByRole('link', { name: /Chats.*1 unread message/ })).toBeVisible();

  // The admin opens it: the customer's message turns Read on the customer's side.
  await row.getByRole('link', { name: 'Carla Customer' }).click();
  const thread = admin.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText('Hello, can someone mount my TV today?')).toBeVisible();
  await expect(panel.getByText('Read')).toBeVisible({ timeout: 10_000 });
  await expect(admin.getByRole('link', { name: /Chats.*unread/ })).toHaveCount(0);

  // The admin types: the customer sees it; then the answer arrives without a reload.
  await admin.getByRole('textbox', { name: 'Message' }).pressSequentially('Yes, a technician', { delay: 30 });
  await expect(panel.getByText(/is typing/)).toBeVisible({ timeout: 10_000 });
  await admin.getByRole('textbox', { name: 'Message' }).fill('Yes, a technician can come at 3 pm.');
  await admin.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(panel.getByText('Yes, a technician can come at 3 pm.')).toBeVisible({ timeout: 10_000 });
  await expect(thread.getByText('Read').last()).toBeVisible({ timeout: 10_000 });

  // An internal note never reaches the customer.
  await admin.getByRole('checkbox', { name: 'Internal note' }).or(admin.getByRole('switch', { name: 'Internal note' })).first().click();
  await admin.getByRole('textbox', { name: /Internal note|Message/ }).first().fill('Customer prefers afternoons.');
  await admin.getByRole('button', { name: 'Save note' }).click();
  await expect(thread.getByText('Customer prefers afternoons.')).toBeVisible();

  // With the chat closed, a new answer shows as unread on the chat button.
  await customer.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await admin.getByRole('checkbox', { name: 'Internal note' }).or(admin.getByRole('switch', { name: 'Internal note' })).first().click();
  await send(admin, 'Please have the wall clear.');
  await expect(customer.getByRole('button', { name: /Chat with us.*1 unread message/ })).toBeVisible({ timeout: 10_000 });
  await expect(customer.getByText('Customer prefers afternoons.')).toHaveCount(0);

  // The server restarts; both pages stay open and reconnect by themselves.
  await stopServer();
  await startServer();
  await send(admin, 'We are back: see you at 3 pm.');
  await expect(thread.getByText('We are back: see you at 3 pm.')).toBeVisible({ timeout: 15_000 });
  await expect(customer.getByRole('button', { name: /Chat with us.*2 unread messages/ })).toBeVisible({ timeout: 20_000 });
  await customer.getByRole('button', { name: /Chat with us/ }).click();
  await expect(panel.getByText('Please have the wall clear.')).toBeVisible();
  await expect(panel.getByText('We are back: see you at 3 pm.')).toBeVisible();
  await send(customer, 'Thanks!');
  await expect(thread.getByText('Thanks!')).toBeVisible({ timeout: 15_000 });
  // Nothing twice, nothing lost.
  await expect(panel.getByText('Yes, a technician can come at 3 pm.')).toHaveCount(1);
  await expect(thread.getByText('Thanks!')).toHaveCount(1);

  await customerContext.close();
  await adminContext.close();
});

test('a signed-out visitor chats as a guest in Spanish: the form asks for a way to answer, the team replies live', async ({ browser }) => {
  test.setTimeout(90_000);
  const guestContext = await browser.newContext({ baseURL: BASE, locale: 'es-US' });
  const adminContext = await browser.newContext({ baseURL: BASE });
  await signIn(adminContext, ADMIN);

  const guest = await guestContext.newPage();
  await guest.goto('/?lang=es');
  await guest.getByRole('button', { name: 'Chatea con nosotros' }).click();
  const panel = guest.getByRole('dialog', { name: 'Chatea con nosotros' });
  await panel.getByLabel('Tu nombre').fill('Luis Invitado');
  await panel.getByRole('button', { name: 'Empezar a chatear' }).click();
  await expect(panel.getByText('Indica un correo electrónico o un teléfono para poder responderte.')).toBeVisible();
  await panel.getByLabel('Teléfono').fill('(813) 555-0199');
  await panel.getByRole('button', { name: 'Empezar a chatear' }).click();
  await send(guest, '¿Pueden pintar una habitación hoy?', 'Mensaje');
  await expect(panel.getByText('¿Pueden pintar una habitación hoy?')).toBeVisible();

  const admin = await adminContext.newPage();
  await admin.goto('/admin/chats');
  const row = admin.getByRole('listitem').filter({ hasText: 'Luis Invitado' });
  await expect(row.getByText('Guest')).toBeVisible({ timeout: 10_000 });
  await row.getByRole('link', { name: 'Luis Invitado' }).click();
  await send(admin, 'Sí, a las 4 pm.');
  await expect(panel.getByText('Sí, a las 4 pm.')).toBeVisible({ timeout: 10_000 });

  // A reload keeps the guest's conversation (the chat_guest cookie).
  await guest.reload();
  await guest.getByRole('button', { name: /Chatea con nosotros/ }).click();
  await expect(guest.getByRole('dialog', { name: 'Chatea con nosotros' }).getByText('Sí, a las 4 pm.')).toBeVisible();

  await guestContext.close();
  await adminContext.close();
});
