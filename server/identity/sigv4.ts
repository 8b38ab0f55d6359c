/**
 * Checks AWS Signature Version 4 on the pool's Admin* requests, as Cognito checks what the AWS SDK
 * signs: the `Authorization` header names the access key, the credential scope
 * (`<date>/<region>/cognito-idp/aws4_request`), the signed headers and the signature. The expected
 * signature is computed with `@smithy/signature-v4` (the SDK's own signer) over the request as
 * received, with the configured secret, and compared in constant time. Refused, with AWS's errors:
 * - no Authorization header: MissingAuthenticationTokenException (403);
 * - a header that is not a SigV4 one, or without its parts: IncompleteSignatureException (400);
 * - an access key that is not the configured one: UnrecognizedClientException (400);
 * - a request time (`X-Amz-Date`) more than 5 minutes from the pool's clock, a scope of another
 *   date, region or service, a body that does not match its `X-Amz-Content-Sha256`, signed
 *   headers without `host`, `x-amz-date` and `x-amz-target` (the operation is signed), or a
 *   signature that does not match: InvalidSignatureException (403).
 */
import { createHash, createHmac, timingSafeEqual, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { CognitoError } from './errors';
import type { SignedRequest } from './types';

export type { SignedRequest } from './types';

/** The credentials an administrator's AWS SDK signs with (CANNERY_POOL_ADMIN_*). */
export interface AdminCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}


/** The signing name of Cognito user pools. */
export const SIGNING_SERVICE = 'cognito-idp';
/** How far a request's time may be from the pool's clock, as AWS allows. */
export const MAX_SKEW_SECONDS = 5 * 60;
const REQUIRED_SIGNED = ['host', 'x-amz-date', 'x-amz-target'];

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^,\s]+), ?SignedHeaders=([^,\s]+), ?Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const HEADER_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: SourceData): Buffer =>
  typeof data === 'string' ? Buffer.from(data, 'utf8') : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

/** SHA-256 and HMAC-SHA256 from node:crypto, in the shape the signer takes. */
export class NodeSha256 {
  private hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: Uint8Array): void {
    this.hash.update(data);
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = createHash('sha256');
  }
}

const incomplete = (message: string) => new CognitoError('IncompleteSignatureException', message);
const invalidSignature = (message: string) => new CognitoError('InvalidSignatureException', message, 403);

function requestTime(value: string | null): Date {
  const match = AMZ_DATE.exec(value ?? '');
  if (!match) throw incomplete('The request must carry X-Amz-Date in the form YYYYMMDDTHHMMSSZ.');
  const [, year, month, day, hour, minute, second] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== day) throw incomplete('The request must carry X-Amz-Date in the form YYYYMMDDTHHMMSSZ.');
  return date;
}

/** Equal strings, compared in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/**
 * Throws CognitoError unless the request is signed with `credentials` for `region` and the
 * Cognito service, at a time within 5 minutes of `now`. Returns the access key id that signed it.
 */
export async function verifySignature(request: SignedRequest, credentials: AdminCredentials, region: string, now: Date): Promise<string> {
  const authorization = request.headers.get('authorization');
  if (!authorization) throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403);
  const parts = AUTHORIZATION.exec(authorization);
  if (!parts) {
    throw incomplete("Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters, signed with AWS4-HMAC-SHA256.");
  }
  const [, credential = '', signedList = '', signature = ''] = parts;
  const scope = credential.split('/');
  if (scope.length !== 5) throw incomplete('The Credential must be <access key id>/<date>/<region>/<service>/aws4_request.');
  const [accessKeyId = '', scopeDate, scopeRegion, scopeService, terminator] = scope;
  if (!sameSecret(accessKeyId, credentials.accessKeyId)) {
    throw new CognitoError('UnrecognizedClientException', 'The security token included in the request is invalid.');
  }

  const signingDate = requestTime(request.headers.get('x-amz-date'));
  if (Math.abs(signingDate.getTime() - now.getTime()) > MAX_SKEW_SECONDS * 1000) {
    throw invalidSignature('Signature expired: the request time (X-Amz-Date) is more than 5 minutes from the server time.');
  }
  const longDate = request.headers.get('x-amz-date') ?? '';
  if (scopeDate !== longDate.slice(0, 8)) throw invalidSignature('The Credential date must be the date of X-Amz-Date.');
  if (scopeRegion !== region) throw invalidSignature(`Credential should be scoped to a valid region: ${region}.`);
  if (scopeService !== SIGNING_SERVICE) throw invalidSignature(`Credential should be scoped to correct service: '${SIGNING_SERVICE}'.`);
  if (terminator !== 'aws4_request') throw invalidSignature("Credential should be scoped with a valid terminator: 'aws4_request'.");

  const signedHeaders = signedList.split(';');
  if (signedHeaders.some((name) => !HEADER_NAME.test(name)) || signedHeaders.join(';') !== [...signedHeaders].sort().join(';')) {
    throw incomplete('SignedHeaders must be lower-case header names, sorted, separated by semicolons.');
  }
  for (const name of REQUIRED_SIGNED) {
    if (!signedHeaders.includes(name)) throw invalidSignature(`The ${name} header must be signed.`);
  }
  const bodyHash = request.headers.get('x-amz-content-sha256');
  if (bodyHash !== null && bodyHash !== createHash('sha256').update(request.body, 'utf8').digest('hex')) {
    throw invalidSignature("The provided 'x-amz-content-sha256' header does not match what was computed.");
  }

  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = request.headers.get(name);
    if (value === null) throw invalidSignature(`The signed header ${name} is not in the request.`);
    headers[name] = value;
  }
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const existing = query[key];
    query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  const signer = new SignatureV4({ service: SIGNING_SERVICE, region, credentials, sha256: NodeSha256, applyChecksum: false });
  const signed = await signer.sign(
    { method: request.method, protocol: url.protocol, hostname: url.hostname, path: url.pathname, query, headers, body: request.body },
    { signingDate, signingRegion: region, signingService: SIGNING_SERVICE, signableHeaders: new Set(signedHeaders) },
  );
  const expected = AUTHORIZATION.exec(signed.headers.authorization ?? '');
  const expectedSignature = expected?.[3] ?? '';
  const signatureMatches = timingSafeEqual(Buffer.from(expectedSignature.padEnd(64, '0'), 'hex'), Buffer.from(signature, 'hex'));
  if (!expected || expected[2] !== signedList || !signatureMatches) {
    throw invalidSignature(
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
    );
  }
  return accessKeyId;
}
