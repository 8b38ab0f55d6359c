import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import type { ServerConfig } from '../config';

const CERT_DIR = '.certs';

/**
 * The certificate for the HTTPS listener Outlook needs: the configured PEM files, or a
 * self-signed localhost certificate kept in `.certs/` so the browser exception survives restarts.
 * A trusted development certificate (`npx office-addin-dev-certs install`) can be passed with
 * TLS_CERT_FILE and TLS_KEY_FILE instead; see docs/configuration.md.
 */
export async function loadOrCreateCertificate(config: ServerConfig): Promise<{ cert: string; key: string }> {
  if (config.tlsCertFile && config.tlsKeyFile) {
    return { cert: readFileSync(config.tlsCertFile, 'utf8'), key: readFileSync(config.tlsKeyFile, 'utf8') };
  }
  const certFile = join(CERT_DIR, 'localhost.crt');
  const keyFile = join(CERT_DIR, 'localhost.key');
  if (existsSync(certFile) && existsSync(keyFile)) {
    return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
  }
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 825 * 24 * 60 * 60 * 1000),
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  mkdirSync(CERT_DIR, { recursive: true });
  writeFileSync(certFile, pems.cert);
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  return { cert: pems.cert, key: pems.private };
}
