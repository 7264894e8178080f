/** Accounts the end-to-end server is started with (playwright.config.ts creates them). */
export const E2E_ADMIN = { email: 'admin@e2e.example.com', password: 'e2e-admin-password' };
export const E2E_WORKER = { email: 'worker@e2e.example.com', password: 'e2e-worker-password', name: 'Wes Worker' };
export const E2E_SECOND_WORKER = { email: 'worker2@e2e.example.com', password: 'e2e-worker-password', name: 'Wanda Worker' };
