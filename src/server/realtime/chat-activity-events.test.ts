/**
 * Who sees chat typing and read receipts (issue #13), as pure rules (chat-events.ts): typing goes
 * to the conversation's other participants, receipts to the other side; payloads that are not
 * ours are refused.
 */
import { describe, expect, it } from 'vitest';
import { chatActivityEventFor, chatActivityEventForGuest, parseChatActivity, SENDER_NAME_MAX, type ChatActivity } from './chat-events';

const CONVERSATION = '3f0e6a52-6d0b-4f7e-9b1a-2c4d5e6f7a8b';
const routing = { conversationId: CONVERSATION, customerId: 'cust', workerId: 'work' };
const typingBy = (senderId: string | null, senderRole: 'customer' | 'admin' | 'worker' | 'guest'): ChatActivity => ({ kind: 'typing', ...routing, senderId, senderRole, senderName: 'Pat' });
const receipt = (side: 'customer' | 'team'): ChatActivity => ({ kind: 'receipt', ...routing, side, deliveredSeq: 7, readSeq: 5 });

const customer = { userId: 'cust', role: 'user' as const };
const worker = { userId: 'work', role: 'worker' as const };
const otherWorker = { userId: 'other-work', role: 'worker' as const };
const admin = { userId: 'adm', role: 'admin' as const };
const secondAdmin = { userId: 'adm2', role: 'admin' as const };
const stranger = { userId: 'someone', role: 'user' as const };

describe('chat activity visibility', () => {
  it('sends typing to every participant but the typist', () => {
    const event = { event: 'chat_typing', data: { conversationId: CONVERSATION, senderRole: 'customer', senderName: 'Pat' } };
    const fromCustomer = typingBy('cust', 'customer');
    expect(chatActivityEventFor(admin, fromCustomer)).toEqual(event);
    expect(chatActivityEventFor(worker, fromCustomer)).toEqual(event);
    expect(chatActivityEventFor(customer, fromCustomer)).toBeNull();
    expect(chatActivityEventFor(stranger, fromCustomer)).toBeNull();
    expect(chatActivityEventFor(otherWorker, fromCustomer)).toBeNull();
    const fromAdmin = typingBy('adm', 'admin');
    expect(chatActivityEventFor(admin, fromAdmin)).toBeNull();
    expect(chatActivityEventFor(secondAdmin, fromAdmin)?.event).toBe('chat_typing');
    expect(chatActivityEventFor(customer, fromAdmin)?.event).toBe('chat_typing');
  });

  it("sends the customer's receipts to the team and the team's to the customer", () => {
    expect(chatActivityEventFor(admin, receipt('customer'))).toEqual({ event: 'chat_receipt', data: { conversationId: CONVERSATION, side: 'customer', deliveredSeq: 7, readSeq: 5 } });
    expect(chatActivityEventFor(worker, receipt('customer'))?.event).toBe('chat_receipt');
    expect(chatActivityEventFor(customer, receipt('customer'))).toBeNull();
    expect(chatActivityEventFor(customer, receipt('team'))?.data).toEqual({ conversationId: CONVERSATION, side: 'team', deliveredSeq: 7, readSeq: 5 });
    for (const viewer of [admin, worker, otherWorker, stranger]) expect(chatActivityEventFor(viewer, receipt('team'))).toBeNull();
    expect(chatActivityEventFor(otherWorker, receipt('customer'))).toBeNull();
    expect(chatActivityEventFor(stranger, receipt('customer'))).toBeNull();
  });

  it("gives a guest the team's typing and receipts of their own conversation only", () => {
    const guestRouting = { ...routing, customerId: null };
    expect(chatActivityEventForGuest(CONVERSATION, { kind: 'typing', ...guestRouting, senderId: 'adm', senderRole: 'admin', senderName: 'Dana' })?.event).toBe('chat_typing');
    expect(chatActivityEventForGuest(CONVERSATION, { kind: 'typing', ...guestRouting, senderId: null, senderRole: 'guest', senderName: 'Gus' })).toBeNull();
    expect(chatActivityEventForGuest(CONVERSATION, { kind: 'receipt', ...guestRouting, side: 'team', deliveredSeq: 1, readSeq: 1 })?.event).toBe('chat_receipt');
    expect(chatActivityEventForGuest(CONVERSATION, { kind: 'receipt', ...guestRouting, side: 'customer', deliveredSeq: 1, readSeq: 1 })).toBeNull();
    expect(chatActivityEventForGuest('another', { kind: 'receipt', ...guestRouting, side: 'team', deliveredSeq: 1, readSeq: 1 })).toBeNull();
  });

  it('reads its own payloads back and refuses anything else', () => {
    for (const activity of [typingBy('cust', 'customer'), receipt('team')]) expect(parseChatActivity(JSON.stringify(activity))).toEqual(activity);
    expect(parseChatActivity(JSON.stringify({ ...typingBy(null, 'guest'), senderName: 'x'.repeat(500) }))).toMatchObject({ senderName: 'x'.repeat(SENDER_NAME_MAX) });
    for (const bad of ['not json', 'null', '{}', JSON.stringify({ ...receipt('team'), side: 'both' }), JSON.stringify({ ...receipt('team'), readSeq: '5' }), JSON.stringify({ ...typingBy('x', 'customer'), senderRole: 'boss' }), JSON.stringify({ kind: 'other', conversationId: CONVERSATION })]) {
      expect(parseChatActivity(bad)).toBeNull();
    }
  });
});
