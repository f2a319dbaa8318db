import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './chromium';
import { startFakeGoogleDrive } from './fake-google-drive';
import { REPO_ROOT, startServer } from './pipewise-server';
import { startSmtpCapture } from './smtp-capture';
import { startFakeOidcProvider } from '../../apps/server/test/fakes/oidc-provider';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://localhost:<port> of the real server, matching its APP_URL. */
    baseURL: string;
    /** The SMTP capture's HTTP endpoint: GET /last-code?to=<email> -> {code, seq, receivedAt}. */
    smtpControlURL: string;
    /** The fake Google (OIDC) provider's control endpoint: POST /identity {email, email_verified?, name?}. */
    oidcControlURL: string;
    /** The server's DATA_DIR: its outbox (e.g. outbox/whatsapp) is read by the tests of what it sends. */
    dataDir: string;
  }
}

/**
 * Browser tests run against the real server and the built SPA: one server, one SMTP capture
 * and one temp DATA_DIR for the whole e2e run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian package chromium (apt-get install chromium)`);
  }
  const webIndex = path.join(REPO_ROOT, 'apps/web/dist/index.html');
  if (!fs.existsSync(webIndex)) {
    throw new Error(`The web app is not built (${webIndex} is missing): run \`npm run build\` first`);
  }

  // First: it makes its recording with ffmpeg, and says so when ffmpeg is missing.
  const drive = await startFakeGoogleDrive();
  const capture = await startSmtpCapture();
  const oidc = await startFakeOidcProvider();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-e2e-'));
  const logFile = path.join(REPO_ROOT, 'test-results/e2e-server.log');
  fs.rmSync(logFile, { force: true });
  let server;
  try {
    server = await startServer({
      dataDir,
      logFile,
      // A machine busy with other test runs can take over two minutes to open PGlite and seed; a server that
      // dies fails at once anyway.
      timeoutMs: 300_000,
      env: {
        SMTP_URL: capture.smtpURL,
        LOG_LEVEL: 'info',
        GOOGLE_ISSUER: oidc.issuer,
        GOOGLE_CLIENT_ID: 'pipewise-e2e',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        // Drive links download from the stand-in (no one connects Google here, so calendar sync never calls it).
        GOOGLE_API_BASE: drive.url,
        // Every e2e test signs in from 127.0.0.1; the per-IP limits are exercised by the API tests.
        AUTH_IP_LIMIT: '10000',
        // Asha runs this installation: she decides sign-ups from companies without a workspace.
        OPERATOR_EMAILS: 'asha@acme.example',
      },
    });
  } catch (e) {
    await capture.close();
    await oidc.close();
    await drive.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }

  project.provide('baseURL', `http://localhost:${server.port}`);
  project.provide('smtpControlURL', capture.controlURL);
  project.provide('oidcControlURL', oidc.controlURL);
  project.provide('dataDir', dataDir);

  return async () => {
    await server.stop();
    await capture.close();
    await oidc.close();
    await drive.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
