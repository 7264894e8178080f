/**
 * Answers of a pure computation kept by key, so asking again costs a map lookup (issue #16: the
 * time-zone readings of slots.ts and capacity.ts, each a lookup and a format, asked for many times
 * per booking and per plan of a day; the phone numbers the mails show, server/mail/format.ts).
 * Emptied when it holds `limit` answers: the keys in use at any moment (a few weeks of dates, a
 * day's instants, the phones of recent bookings) are far fewer, so a full map is mostly old keys.
 * Only for computations whose answer depends on the key alone; a computation that throws keeps
 * nothing, so the same bad key throws again.
 */
export class KeptAnswers<K, V> {
  private readonly answers = new Map<K, V>();

  /** @param limit how many answers to hold before emptying */
  constructor(private readonly limit: number) {}

  /**
   * The kept answer for `key`, or `compute()`'s (then kept).
   * @throws whatever `compute` throws (nothing is kept)
   */
  get(key: K, compute: () => V): V {
    const kept = this.answers.get(key);
    if (kept !== undefined || this.answers.has(key)) return kept as V;
    const answer = compute();
    if (this.answers.size >= this.limit) this.answers.clear();
    this.answers.set(key, answer);
    return answer;
  }
}
