/**
 * How a conversation is named and summed up in the admin's inbox, its header and its alerts:
 * the customer's (or guest's) name, else their email or phone, else "Guest"/"Customer"; and the
 * last message in one line ("Photo" for an image without text).
 */
import type { TFunction } from 'i18next';
import type { ChatMessage, Conversation } from '@/domain/chats-contract';

export function customerNameOf(conversation: Conversation, t: TFunction): string {
  const { customer, customerPhone, guest } = conversation;
  return customer.name?.trim() || customer.email || customerPhone || (guest ? t('chats.inbox.guest') : t('chats.inbox.customer'));
}

/** The message's text in one line, or "Photo" when it is an image only. */
export function messagePreview(message: Pick<ChatMessage, 'body' | 'attachment'>, t: TFunction): string {
  const text = message.body.replace(/\s+/g, ' ').trim();
  return text || (message.attachment ? t('chats.inbox.photo') : '');
}

/** Messages the team waits on: written by the customer or a signed-out guest. */
export const isFromCustomer = (message: Pick<ChatMessage, 'senderRole'>): boolean => message.senderRole === 'customer' || message.senderRole === 'guest';
