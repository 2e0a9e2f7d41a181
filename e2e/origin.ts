/** The origin the end-to-end tests serve the built app from: its own port, so a developer's
 * `npm run preview` (4173) never collides with a test run; E2E_PORT picks another (two test runs
 * on one machine). */
export const E2E_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? '4179'}`;
