/**
 * The admin side of the chats (issue #13): the inbox (`GET /api/admin/chats?filter=open|mine|closed`),
 * assigning, closing and reopening a conversation, and the canned replies
 * (`/api/admin/chat-replies`). Admins only: the server answers 403 to anyone else. The contract is
 * src/domain/chats-contract.ts. Every query key sits under ['chats', 'admin'], so one invalidation
 * (a live `chat_message`, an action here) refreshes the inbox, the open conversation's header and
 * the header's unread badge together. The customer's and the thread's calls are in ./api.ts.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ADMIN_CHAT_FILTERS, CannedReply, Conversation, cannedReplyInputSchema } from '@/domain/chats-contract';
import { apiFetch } from '@/web/lib/api-client';

export type AdminChatFilter = (typeof ADMIN_CHAT_FILTERS)[number];
export type CannedReplyInput = z.input<typeof cannedReplyInputSchema>;

export const adminChatKeys = {
  all: ['chats', 'admin'] as const,
  /** Every filter's list: what a new message, an assignment or a read mark changes. */
  inboxes: () => ['chats', 'admin', 'inbox'] as const,
  inbox: (filter: AdminChatFilter) => ['chats', 'admin', 'inbox', filter] as const,
  replies: () => ['chats', 'admin', 'replies'] as const,
};

/** The inbox is kept fresh by live `chat_message` events; this poll covers a stream that is down. */
const INBOX_REFETCH_MS = 60_000;

// ---- The inbox ----

/** `GET /api/admin/chats?filter=`: the conversations of one filter, latest activity first. */
export async function getAdminConversations(filter: AdminChatFilter, signal?: AbortSignal): Promise<Conversation[]> {
  const { conversations } = await apiFetch<{ conversations: Conversation[] }>(`/api/admin/chats?filter=${filter}`, { signal });
  return conversations;
}

export function adminConversationsQueryOptions(filter: AdminChatFilter) {
  return queryOptions({
    queryKey: adminChatKeys.inbox(filter),
    queryFn: ({ signal }) => getAdminConversations(filter, signal),
    staleTime: 10_000,
    refetchInterval: INBOX_REFETCH_MS,
  });
}

export function useAdminConversations(filter: AdminChatFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminConversationsQueryOptions(filter), enabled });
}

/**
 * One conversation by id, for `?c=<id>` (an alert email's link may name one that is not in the
 * filter on screen). There is no single-conversation route: every conversation is either open or
 * closed, so it is looked up in those two lists (the open one is usually cached already).
 * `data` is null once both lists have loaded without it.
 */
export function useAdminConversation(id: string | null) {
  const open = useQuery({ ...adminConversationsQueryOptions('open'), enabled: Boolean(id) });
  const found = id ? open.data?.find((conversation) => conversation.id === id) : undefined;
  const closed = useQuery({ ...adminConversationsQueryOptions('closed'), enabled: Boolean(id) && open.isSuccess && !found });
  const conversation = found ?? (id ? closed.data?.find((item) => item.id === id) : undefined);
  const settled = open.isSuccess && (found !== undefined || closed.isSuccess);
  return {
    data: conversation ?? (settled ? null : undefined),
    isPending: Boolean(id) && !conversation && !settled && !open.isError && !closed.isError,
    error: open.error ?? closed.error,
    refetch: () => Promise.all([open.refetch(), closed.refetch()]),
  };
}

/** Every action on a conversation refreshes the inbox lists (the inbox, the badge, the open conversation's header). */
function useAdminChatMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminChatKeys.inboxes() }),
  });
}

const conversationPath = (id: string, action: string) => `/api/admin/chats/${encodeURIComponent(id)}/${action}`;

/** `POST /api/admin/chats/{id}/assign` with `{ adminId }`: an admin's user id, or null to unassign. */
export function assignConversation({ conversationId, adminId }: { conversationId: string; adminId: string | null }): Promise<Conversation> {
  return apiFetch<Conversation>(conversationPath(conversationId, 'assign'), { method: 'POST', body: { adminId } });
}

/** `POST /api/admin/chats/{id}/close` or `/reopen` (doing it twice changes nothing more). */
export function setConversationOpen({ conversationId, open }: { conversationId: string; open: boolean }): Promise<Conversation> {
  return apiFetch<Conversation>(conversationPath(conversationId, open ? 'reopen' : 'close'), { method: 'POST' });
}

export const useAssignConversation = () => useAdminChatMutation(assignConversation);
export const useSetConversationOpen = () => useAdminChatMutation(setConversationOpen);

// ---- Canned replies ----

/** `GET /api/admin/chat-replies`: every canned reply. */
export async function getCannedReplies(signal?: AbortSignal): Promise<CannedReply[]> {
  const { replies } = await apiFetch<{ replies: CannedReply[] }>('/api/admin/chat-replies', { signal });
  return replies;
}

export function useCannedReplies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: adminChatKeys.replies(), queryFn: ({ signal }) => getCannedReplies(signal), staleTime: 60_000, enabled });
}

/**
 * `POST /api/admin/chat-replies` (no id) or `PUT /api/admin/chat-replies/{id}`: title, English and
 * Spanish text. A 400 names the refused fields in `details` (`title`, `bodyEn`, `bodyEs`).
 */
export function saveCannedReply({ id, ...input }: CannedReplyInput & { id?: string }): Promise<CannedReply> {
  return id
    ? apiFetch<CannedReply>(`/api/admin/chat-replies/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : apiFetch<CannedReply>('/api/admin/chat-replies', { method: 'POST', body: input });
}

/** `DELETE /api/admin/chat-replies/{id}`. */
export function deleteCannedReply(id: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/admin/chat-replies/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useCannedReplyMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: adminChatKeys.replies() }) });
}

export const useSaveCannedReply = () => useCannedReplyMutation(saveCannedReply);
export const useDeleteCannedReply = () => useCannedReplyMutation(deleteCannedReply);

/** The reply's text in the conversation's language: Spanish for 'es', English otherwise. */
export function cannedReplyText(reply: Pick<CannedReply, 'bodyEn' | 'bodyEs'>, language: string): string {
  return language === 'es' ? reply.bodyEs : reply.bodyEn;
}
