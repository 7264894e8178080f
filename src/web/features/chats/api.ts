/**
 * The chats' calls for customers, guests and the shared conversation view (issue #13; the contract
 * is src/domain/chats-contract.ts, the admin inbox's calls are in ./admin-api.ts):
 *  - `POST /api/chats` starts (or opens the open) conversation, about a booking or general;
 *    `GET /api/chats` lists the caller's conversations with their unread counts;
 *  - `POST /api/chats/guest` / `GET /api/chats/guest` do the same for a signed-out visitor,
 *    through the `chat_guest` cookie the first one sets (GET answers 404 until then);
 *  - `GET /api/chats/{id}/messages?after=<seq>` reads the messages after a seq, with the
 *    receipts; `POST .../messages` sends one (with an Idempotency-Key), `POST .../read` marks
 *    read, `POST .../typing` tells the other side someone is typing;
 *  - photos go up through `POST /api/uploads` first and are sent as `attachmentId`.
 *
 * Query keys sit under ['chats']: the customer's lists under ['chats', 'list'], the guest's
 * conversation at ['chats', 'guest'], a conversation's messages at ['chats', 'messages', id]
 * (the admin inbox's keys are under ['chats', 'admin']). A conversation's messages are cached as
 * one growing list that each fetch extends with what came after its last seq, so a live
 * `chat_message`, a reconnect or a refetch only ever reads what is new.
 *
 * Types only from the contract here: its schemas (and their phone library) stay out of the
 * first page load, which carries the chat button.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ChatLanguage,
  ChatMessage,
  ChatReceipts,
  Conversation,
  conversationListSchema,
  messageListSchema,
  readMarkSchema,
  sendMessageSchema,
  startConversationSchema,
  startGuestConversationSchema,
} from '@/domain/chats-contract';
import type { UploadedFile } from '@/domain/uploads-contract';
import { ApiError, apiFetch } from '@/web/lib/api-client';
import { markGuestConversation } from './guest-mark';

export { mayHaveGuestConversation } from './guest-mark';

export type { ChatMessage, ChatReceipts, Conversation };
export type ConversationList = z.infer<typeof conversationListSchema>;
export type MessageList = z.infer<typeof messageListSchema>;
export type ReadMark = z.infer<typeof readMarkSchema>;
export type StartConversationInput = z.input<typeof startConversationSchema>;
export type StartGuestConversationInput = z.input<typeof startGuestConversationSchema>;
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const chatKeys = {
  all: ['chats'] as const,
  /** The signed-in customer's conversation lists. */
  lists: () => ['chats', 'list'] as const,
  mine: () => ['chats', 'list', 'mine'] as const,
  /** The signed-out visitor's conversation (null: none yet). */
  guest: () => ['chats', 'guest'] as const,
  messages: (conversationId: string) => ['chats', 'messages', conversationId] as const,
};

/** The most messages one `GET .../messages` answers (the server's page). */
export const MESSAGES_PAGE_LIMIT = 500;
/** Largest photo accepted, as on the server: 10 MB. (Written out: see the note on type imports above.) */
export const MAX_CHAT_PHOTO_BYTES = 10 * 1024 * 1024;

const chatPath = (conversationId: string, action: string) => `/api/chats/${encodeURIComponent(conversationId)}/${action}`;

/** The interface language as a conversation language (anything but Spanish is English). */
export const chatLanguageOf = (language: string | undefined): ChatLanguage => (language?.toLowerCase().startsWith('es') ? 'es' : 'en');

// ---- Conversations ----

/**
 * `POST /api/chats`: the caller's open conversation about `bookingId` (or the general one),
 * started when there is none. @throws ApiError 401 signed out, 404 a booking not theirs
 */
export function startConversation(input: StartConversationInput): Promise<Conversation> {
  return apiFetch<Conversation>('/api/chats', { method: 'POST', body: input });
}

/**
 * The conversation the widget shows for a booking (or the general one, `bookingId` undefined):
 * `POST /api/chats` once per booking and page load (it answers the open conversation when there
 * is one), then cached. The lists refresh, since a conversation may have been started.
 */
export function startConversationQueryOptions(bookingId: string | undefined, language: ChatLanguage) {
  return queryOptions({
    queryKey: [...chatKeys.all, 'start', bookingId ?? 'general'] as const,
    queryFn: async ({ client }) => {
      const conversation = await startConversation(bookingId ? { bookingId, language } : { language });
      void client.invalidateQueries({ queryKey: chatKeys.lists() });
      return conversation;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** `GET /api/chats`: the signed-in caller's conversations, latest activity first. */
export async function getMyConversations(signal?: AbortSignal): Promise<Conversation[]> {
  const { conversations } = await apiFetch<ConversationList>('/api/chats', { signal });
  return conversations;
}

/** Kept fresh by live `chat_message` events; this poll covers a stream that is down. */
const LIST_REFETCH_MS = 60_000;

export function myConversationsQueryOptions() {
  return queryOptions({ queryKey: chatKeys.mine(), queryFn: ({ signal }) => getMyConversations(signal), staleTime: 10_000, refetchInterval: LIST_REFETCH_MS });
}

export function useMyConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myConversationsQueryOptions(), enabled });
}

/** `GET /api/chats/guest`: the visitor's guest conversation, or null when they have none yet (404). */
export async function getGuestConversation(signal?: AbortSignal): Promise<Conversation | null> {
  let conversation: Conversation | null;
  try {
    conversation = await apiFetch<Conversation>('/api/chats/guest', { signal });
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 404 || error.status === 401))) throw error;
    conversation = null;
  }
  markGuestConversation(conversation !== null);
  return conversation;
}

export function guestConversationQueryOptions() {
  return queryOptions({
    queryKey: chatKeys.guest(),
    queryFn: ({ signal }) => getGuestConversation(signal),
    staleTime: 10_000,
    // Polled only once there is a conversation: a visitor who never chatted costs one request per visit.
    refetchInterval: (query) => (query.state.data ? LIST_REFETCH_MS : false),
  });
}

export function useGuestConversation({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...guestConversationQueryOptions(), enabled });
}

/**
 * `POST /api/chats/guest`: starts (or opens) a signed-out visitor's conversation and sets the
 * guest cookie. @throws ApiError 400 with field details (name, email, phone)
 */
export async function startGuestConversation(input: StartGuestConversationInput): Promise<Conversation> {
  const conversation = await apiFetch<Conversation>('/api/chats/guest', { method: 'POST', body: input });
  markGuestConversation(true);
  return conversation;
}

// ---- Messages ----

/** What the thread keeps of a conversation: its messages (by seq, oldest first) and the other side's receipts. */
export interface ChatThreadData {
  messages: ChatMessage[];
  receipts: ChatReceipts;
}

export const NO_RECEIPTS: ChatReceipts = { deliveredSeq: 0, readSeq: 0 };

/** `GET /api/chats/{id}/messages?after=`: up to MESSAGES_PAGE_LIMIT messages after `after`, oldest first. */
export function getMessages(conversationId: string, after: number, signal?: AbortSignal): Promise<MessageList> {
  return apiFetch<MessageList>(`${chatPath(conversationId, 'messages')}?after=${after}`, { signal });
}

/** The highest seq in a list (0 when empty). */
export const lastSeqOf = (messages: readonly ChatMessage[]): number => messages.reduce((last, message) => Math.max(last, message.seq), 0);

/** Both lists as one, each message once (by id), by seq. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** Receipts only move forward (a late answer never takes a mark back). */
export const laterReceipts = (a: ChatReceipts, b: ChatReceipts): ChatReceipts => ({
  deliveredSeq: Math.max(a.deliveredSeq, b.deliveredSeq),
  readSeq: Math.max(a.readSeq, b.readSeq),
});

/** Pages fetched in one go at most (a very long conversation loads the rest on the next refresh). */
const MAX_PAGES = 20;

/**
 * `current` extended with every message after `after` (default: its last seq), reading page after
 * page while they come full.
 */
export async function fetchThread(conversationId: string, current: ChatThreadData | undefined, after = lastSeqOf(current?.messages ?? []), signal?: AbortSignal): Promise<ChatThreadData> {
  let data: ChatThreadData = current ?? { messages: [], receipts: NO_RECEIPTS };
  let from = after;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await getMessages(conversationId, from, signal);
    data = { messages: mergeMessages(data.messages, answer.messages), receipts: laterReceipts(data.receipts, answer.receipts) };
    if (answer.messages.length < MESSAGES_PAGE_LIMIT) break;
    from = lastSeqOf(answer.messages);
  }
  return data;
}

export function threadQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: ({ client, signal }) => fetchThread(conversationId, client.getQueryData<ChatThreadData>(chatKeys.messages(conversationId)), undefined, signal),
    // Live events and reconnects refresh it; a refetch only reads what came after the last seq.
    staleTime: 30_000,
    refetchInterval: LIST_REFETCH_MS,
  });
}

/**
 * Reads what is new in a conversation into the cache: the messages after the last seq held, or
 * after `fromSeq` when given and lower (a seq that committed after a later one was already read).
 */
export async function refreshThread(queryClient: QueryClient, conversationId: string, fromSeq?: number): Promise<void> {
  const key = chatKeys.messages(conversationId);
  const current = queryClient.getQueryData<ChatThreadData>(key);
  if (!current) {
    await queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  const last = lastSeqOf(current.messages);
  const next = await fetchThread(conversationId, current, fromSeq === undefined ? last : Math.max(0, Math.min(fromSeq, last)));
  queryClient.setQueryData<ChatThreadData>(key, (latest) =>
    latest ? { messages: mergeMessages(latest.messages, next.messages), receipts: laterReceipts(latest.receipts, next.receipts) } : next,
  );
}

/** Adds one message (the answer to a send) to the cached thread. */
export function addMessageToThread(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<ChatThreadData>(chatKeys.messages(message.conversationId), (latest) =>
    latest ? { ...latest, messages: mergeMessages(latest.messages, [message]) } : latest,
  );
}

/** Moves the cached receipts forward (a live `chat_receipt`). */
export function updateThreadReceipts(queryClient: QueryClient, conversationId: string, receipts: ChatReceipts): void {
  queryClient.setQueryData<ChatThreadData>(chatKeys.messages(conversationId), (latest) => (latest ? { ...latest, receipts: laterReceipts(latest.receipts, receipts) } : latest));
}

/**
 * `POST /api/chats/{id}/messages` with the Idempotency-Key: the same key again answers the first
 * message (never a second one). @throws ApiError 400, 403 (a note from a non-admin), 404, 422 (the
 * key reused with another message), 429 (too many messages: Retry-After)
 */
export function sendMessage(conversationId: string, input: SendMessageInput, idempotencyKey: string): Promise<ChatMessage> {
  return apiFetch<ChatMessage>(chatPath(conversationId, 'messages'), { method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** `POST /api/chats/{id}/read`: everything up to `seq` is read; answers what stays unread. */
export function markRead(conversationId: string, seq: number): Promise<ReadMark> {
  return apiFetch<ReadMark>(chatPath(conversationId, 'read'), { method: 'POST', body: { seq } });
}

/** `POST /api/chats/{id}/typing`: "someone is typing" to the other side (the caller throttles it). */
export async function sendTyping(conversationId: string): Promise<void> {
  await apiFetch(chatPath(conversationId, 'typing'), { method: 'POST', body: {} });
}

/**
 * `POST /api/uploads` (multipart field `file`): stores a photo to send as `attachmentId`. The
 * server checks the type and size (10 MB) again and re-encodes it.
 */
export function uploadChatPhoto(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<UploadedFile>('/api/uploads', { method: 'POST', body: form });
}
