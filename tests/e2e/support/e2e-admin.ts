/** The admin account the end-to-end server is started with (playwright.config.ts creates it). */
export const E2E_ADMIN = { email: 'admin@e2e.example.com', password: 'e2e-admin-password' };
