import { describe, expect, it } from 'vitest';

type Messages = { [key: string]: string | Messages };

const files = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });

function flatten(messages: Messages, prefix = ''): Record<string, string> {
  return Object.entries(messages).reduce<Record<string, string>>((all, [key, value]) => {
    const path = `${prefix}${key}`;
    return typeof value === 'string' ? { ...all, [path]: value } : { ...all, ...flatten(value, `${path}.`) };
  }, {});
}

/** The {{variables}} and <tags> of a message, which both languages must use alike. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((match) => match[1] ?? `<${match[2]}>`).sort();
}

const englishFiles = Object.keys(files).filter((path) => path.startsWith('./en/'));

describe('locale files', () => {
  it.each(englishFiles)('%s has a Spanish twin with the same keys and placeholders', (enPath) => {
    const esPath = enPath.replace('./en/', './es/');
    expect(files[esPath], `${esPath} is missing`).toBeDefined();
    const en = flatten(files[enPath]);
    const es = flatten(files[esPath]);

    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect(es[key].trim(), `es ${key} is empty`).not.toBe('');
      expect(placeholders(es[key]), `placeholders of ${key}`).toEqual(placeholders(en[key]));
    }
  });

  it('gives each top-level key to exactly one file per language', () => {
    for (const lang of ['en', 'es']) {
      const owners = new Map<string, string>();
      for (const [path, messages] of Object.entries(files).filter(([p]) => p.startsWith(`./${lang}/`))) {
        for (const key of Object.keys(messages)) {
          expect(owners.get(key), `"${key}" is in both ${owners.get(key)} and ${path}`).toBeUndefined();
          owners.set(key, path);
        }
      }
    }
  });
});
