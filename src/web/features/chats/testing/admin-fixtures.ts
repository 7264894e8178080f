/**
 * Test data for the admin's chat screens: conversations and messages as `GET /api/admin/chats`
 * answers them, and the signed-in admin (Dana, id a1).
 */
import type { CannedReply, ChatMessage, Conversation } from '@/domain/chats-contract';

export const ADMIN_ME = { user: { id: 'a1', email: 'dana@example.com', name: 'Dana Admin' }, profile: null, role: 'admin' };
export const CUSTOMER_ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

export const CONVERSATION_ID = '11111111-1111-4111-8111-111111111111';
export const BOOKING_ID = '22222222-2222-4222-8222-222222222222';

export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    conversationId: CONVERSATION_ID,
    seq: 3,
    senderId: 'u1',
    senderRole: 'customer',
    senderName: 'Ana Lopez',
    body: 'Can the technician come before noon?',
    attachment: null,
    internal: false,
    createdAt: '2026-05-15T14:00:00.000Z',
    ...overrides,
  };
}

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION_ID,
    status: 'open',
    customer: { id: 'u1', name: 'Ana Lopez', email: 'ana@example.com' },
    guest: false,
    customerPhone: '+18135550123',
    language: 'en',
    bookingId: BOOKING_ID,
    bookingReference: 'TB-7K3M9Q',
    assignedAdmin: null,
    createdAt: '2026-05-15T13:55:00.000Z',
    lastMessageAt: '2026-05-15T14:00:00.000Z',
    lastMessage: chatMessage(),
    unreadCount: 2,
    waitingMinutes: 2,
    ...overrides,
  };
}

/** A second conversation: a signed-out guest, in Spanish, no booking. */
export function guestConversation(overrides: Partial<Conversation> = {}): Conversation {
  const id = '44444444-4444-4444-8444-444444444444';
  return conversation({
    id,
    customer: { id: null, name: 'Luis Pérez', email: 'luis@example.com' },
    guest: true,
    customerPhone: '+18135550188',
    language: 'es',
    bookingId: null,
    bookingReference: null,
    lastMessage: chatMessage({ id: '55555555-5555-4555-8555-555555555555', conversationId: id, senderId: null, senderRole: 'guest', senderName: 'Luis Pérez', body: '¿Pueden pintar hoy?' }),
    unreadCount: 1,
    waitingMinutes: 0,
    ...overrides,
  });
}

export function cannedReply(overrides: Partial<CannedReply> = {}): CannedReply {
  return {
    id: '66666666-6666-4666-8666-666666666666',
    title: 'On our way',
    bodyEn: 'Your technician is on the way.',
    bodyEs: 'Su técnico va en camino.',
    updatedAt: '2026-05-15T12:00:00.000Z',
    ...overrides,
  };
}
