/**
 * The one way the browser calls our API: JSON over fetch with the session cookie (same origin on
 * the web; the API's origin with `credentials: 'include'` in an app build, ./api-base.ts),
 * the interface language in Accept-Language (the server answers errors in it), and every
 * non-2xx answer thrown as an ApiError carrying the server's `{message, code, details, hint}`.
 */
import { apiCredentials, apiUrl } from './api-base';
import i18n from './i18n';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field errors: a map from field path ("address.zip") to a translated message. */
    readonly details: Record<string, string> | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: request.method ?? 'GET',
      credentials: apiCredentials(),
      signal: request.signal,
      headers: {
        Accept: 'application/json',
        'Accept-Language': i18n.language || 'en',
        ...(request.body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : isForm ? (request.body as FormData) : JSON.stringify(request.body),
    });
  } catch {
    throw new ApiError(0, 'network_error', i18n.t('errors.network'));
  }
  const text = await response.text();
  const payload = text ? safeJson(text) : null;
  if (!response.ok) {
    const body = (payload ?? {}) as { message?: string; code?: string; details?: Record<string, string> | null; hint?: string | null };
    throw new ApiError(response.status, body.code ?? 'http_error', body.message ?? i18n.t('errors.generic'), body.details ?? null, body.hint ?? null);
  }
  return payload as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
