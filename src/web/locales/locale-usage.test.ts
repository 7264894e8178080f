/**
 * Every message key the code uses exists, and every key the locale files define is used
 * (locales.test.ts checks that English and Spanish have the same keys, so checking English here
 * covers both).
 *
 * The source under src/ (tests and test fixtures left out) is parsed with oxc-parser and its
 * string literals are collected:
 * - a plain string whose first segment is a top-level locale key ("booking.steps.review",
 *   "validation.zipInvalid" in a zod schema, "errors.notFound" in an AppError, an i18nKey="...")
 *   is a key; it must exist (or be the base of plural forms, `_one`/`_other`);
 * - a template literal such as `services.${slug}.name` is a dynamic key: it uses every key it
 *   can match (`services.<one segment>.name`), and must match at least one.
 * Keys reached in any other way are listed in DYNAMIC_PREFIXES below.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
import { BOOKING_EVENT_TYPES, CANCELLATION_EVENT_TIERS } from '@/domain/booking-events';
import { FUNNEL_STEPS } from '@/domain/booking-funnel';
import { PAINT_SUPPLIERS, SCREEN_SIZES, TV_BRACKETS } from '@/domain/booking-options';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '@/domain/booking-status';
import { CANCELLATION_TIERS } from '@/domain/cancellation-policy';
import { DISPATCH_VIEWS } from '@/domain/dispatch-contract';
import { ERROR_SEVERITIES, ERROR_SOURCES } from '@/domain/error-log-limits';
import { LINE_ITEM_CODES, LINE_ITEM_UNITS } from '@/domain/pricing';
import { SERVICE_SLUGS } from '@/domain/services';
import { APPLICATION_STATUSES } from '@/domain/worker-applications';

/**
 * Keys the code reaches without writing them (or a template of them) anywhere: a prefix here
 * counts every key under it as used. Keep this list short; prefer writing keys out in full.
 */
const DYNAMIC_PREFIXES: string[] = [];

/**
 * Strings that look like keys but are not messages: a file name. (A new entry here should be
 * rare: most key-like strings are keys.)
 */
const NOT_KEYS = new Set(['booking.ics']);

/** Calls whose string arguments are never messages: an idempotency scope ("booking.cancel"). */
const NOT_KEY_CALLS = new Set(['withIdempotencyKey']);

type Messages = { [key: string]: string | Messages };

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const localesDir = path.join(srcDir, 'web/locales');

function flatten(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`)));
}

function readMessages(lang: string): Messages {
  const dir = path.join(localesDir, lang);
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .reduce<Messages>((all, file) => ({ ...all, ...(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Messages) }), {});
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['test', 'testing', 'locales'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const english = readMessages('en');
const definedKeys = flatten(english);
const defined = new Set(definedKeys);
const namespaces = new Set(Object.keys(english));
/** i18next plural forms share one key in code: "contacted_one" and "contacted_other" are "contacted". */
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const bases = new Set(definedKeys.map(pluralBase));

const KEY_SHAPE = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;
const isNamespaced = (text: string) => namespaces.has(text.split('.')[0]!);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Use {
  file: string;
  text: string;
}

/** Every key-like string and key template in the source. */
function collectUses() {
  const statics: Use[] = [];
  const templates: (Use & { pattern: RegExp })[] = [];
  for (const file of sourceFiles(srcDir)) {
    const code = fs.readFileSync(file, 'utf8');
    const { program, errors } = parseSync(file, code);
    expect(errors, `${file} does not parse`).toEqual([]);
    const where = path.relative(srcDir, file);
    const notKeys = new Set<number>();
    new Visitor({
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && NOT_KEY_CALLS.has(node.callee.name)) node.arguments.forEach((argument) => notKeys.add(argument.start));
      },
      Literal(node) {
        if (notKeys.has(node.start)) return;
        if (typeof node.value === 'string' && KEY_SHAPE.test(node.value) && isNamespaced(node.value)) statics.push({ file: where, text: node.value });
      },
      TemplateLiteral(node) {
        const parts = node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw);
        if (!isNamespaced(parts[0]!) || !parts[0]!.includes('.')) return;
        if (parts.length === 1) {
          if (KEY_SHAPE.test(parts[0]!)) statics.push({ file: where, text: parts[0]! });
          return;
        }
        // Each ${...} stands for one key segment.
        const pattern = new RegExp(`^${parts.map(escapeRegExp).join('[^.]+')}$`);
        templates.push({ file: where, text: parts.join('${…}'), pattern });
      },
    }).visit(program);
  }
  return { statics, templates };
}

const { statics, templates } = collectUses();

describe('locale keys in use', () => {
  it('finds the keys in the source (the scan itself works)', () => {
    expect(statics.some((use) => use.text === 'errors.notFound' && use.file === 'server/lib/errors.ts')).toBe(true);
    expect(templates.some((use) => use.text === 'services.${…}.name')).toBe(true);
  });

  it('defines every key the code uses', () => {
    const missing = statics.filter((use) => !NOT_KEYS.has(use.text) && !bases.has(use.text)).map((use) => `${use.text} (${use.file})`);
    expect([...new Set(missing)], 'keys used in the code but missing from the locale files').toEqual([]);
  });

  it('defines at least one key for every key template in the code', () => {
    const empty = templates.filter((use) => !definedKeys.some((key) => use.pattern.test(pluralBase(key)))).map((use) => `${use.text} (${use.file})`);
    expect([...new Set(empty)], 'key templates that match no key').toEqual([]);
  });

  it('uses every key the locale files define', () => {
    const used = new Set(statics.map((use) => use.text));
    const unused = definedKeys.filter((key) => {
      const base = pluralBase(key);
      return !used.has(base) && !templates.some((use) => use.pattern.test(base)) && !DYNAMIC_PREFIXES.some((prefix) => key.startsWith(prefix));
    });
    expect(unused, 'keys no code uses: remove them, or use them').toEqual([]);
  });

  it('names every value the domain can put into a key template', () => {
    const expected = [
      ...SERVICE_SLUGS.flatMap((slug) => [`services.${slug}.name`, `services.${slug}.description`, `services.${slug}.book`]),
      ...BOOKING_STATUSES.flatMap((status) => [`status.${status}`, `staff.status.${status}`]),
      ...PAYMENT_STATUSES.map((status) => `dispatch.paymentStatus.${status}`),
      ...BOOKING_EVENT_TYPES.map((type) => `dispatch.events.${type}`),
      ...CANCELLATION_EVENT_TIERS.map((tier) => `dispatch.tier.${tier}`),
      ...CANCELLATION_TIERS.map((tier) => `policyOutcome.${tier}`),
      ...LINE_ITEM_CODES.map((code) => `lineItems.${code}`),
      // Paint bought at cost ('receipt') is a line of the final amount only, written "at cost".
      ...LINE_ITEM_UNITS.filter((unit) => unit !== 'receipt').flatMap((unit) => [`booking.price.per.${unit}`, `myBookings.receipt.per.${unit}`]),
      ...SCREEN_SIZES.map((size) => `booking.tv.screenSize.options.${size}`),
      ...TV_BRACKETS.flatMap((bracket) => [`booking.tv.bracket.options.${bracket}`, `booking.tv.bracket.descriptions.${bracket}`]),
      ...PAINT_SUPPLIERS.flatMap((supplier) => [`booking.painting.supplier.options.${supplier}`, `booking.painting.supplier.descriptions.${supplier}`]),
      ...FUNNEL_STEPS.map((step) => `booking.steps.${step}`),
      ...DISPATCH_VIEWS.map((view) => `dispatch.views.${view}`),
      ...ERROR_SEVERITIES.map((severity) => `errorLog.severity.${severity}`),
      ...ERROR_SOURCES.map((source) => `errorLog.source.${source}`),
      ...APPLICATION_STATUSES.flatMap((status) => [`people.applications.status.${status}`, `people.enroll.status.${status}.title`]),
    ];
    expect(expected.filter((key) => !defined.has(key))).toEqual([]);
  });
});
