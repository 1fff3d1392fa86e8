/**
 * Localeze's listing distribution API over HTTP (the sandbox simulates it locally): the
 * directories a listing is published to, and Localeze's category list.
 */
export interface LocalezeDirectory {
  platform: string;
  logoUrl: string | null;
  isEnabled: boolean;
  disposition: string;
  lastModified: string | null;
  link: string | null;
}

export class LocalezeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'LocalezeError';
  }
}

export interface LocalezeClient {
  listDirectories(listingId: string): Promise<LocalezeDirectory[]>;
  categories(): Promise<{ id: string; name: string }[]>;
}

export function createLocalezeClient(options: { url: string; apiKey: string; fetch?: typeof fetch; timeoutMs?: number }): LocalezeClient {
  const doFetch = options.fetch ?? fetch;
  const base = options.url.replace(/\/$/, '');
  async function get<T>(path: string): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new LocalezeError(0, err instanceof Error ? err.message : String(err));
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const message = (json as { error?: { message?: string } } | null)?.error?.message ?? `Localeze answered ${res.status}`;
      throw new LocalezeError(res.status, message);
    }
    return json as T;
  }
  return {
    async listDirectories(listingId) {
      const r = await get<{ directories?: Partial<LocalezeDirectory>[] }>(`/listings/${encodeURIComponent(listingId)}/directories`);
      return (r.directories ?? []).map((d) => ({
        platform: d.platform ?? '',
        logoUrl: d.logoUrl ?? null,
        isEnabled: d.isEnabled ?? false,
        disposition: d.disposition ?? '',
        lastModified: d.lastModified ?? null,
        link: d.link ? d.link : null,
      }));
    },
    async categories() {
      const r = await get<{ categories?: { id: number | string; name: string }[] }>('/categories');
      return (r.categories ?? []).map((c) => ({ id: String(c.id), name: c.name }));
    },
  };
}
