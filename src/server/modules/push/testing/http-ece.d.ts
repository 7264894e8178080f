/** The part of http_ece (Encrypted Content-Encoding for HTTP, RFC 8188/8291; no published types) the push tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface EceParams {
    version: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair (a browser's subscription key). */
    privateKey?: ECDH;
    /** The subscription's auth secret, base64url or bytes. */
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    salt?: string | Buffer;
    keyid?: string | Buffer;
  }

  const ece: {
    decrypt(buffer: Buffer, params: EceParams): Buffer;
    encrypt(buffer: Buffer, params: EceParams): Buffer;
  };
  export default ece;
}
