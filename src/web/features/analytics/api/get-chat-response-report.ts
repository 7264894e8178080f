/** `GET /api/admin/analytics/chat-responses`: how soon the team answered in the chats, for a period. Admins only. */
import { useQuery } from '@tanstack/react-query';
import type { ChatResponseReport } from '@/domain/analytics-reports';
import type { RangeSelection } from '../utils/range-selection';
import { reportQueryOptions } from './report-query';

export const chatResponseReportQueryOptions = (selection: RangeSelection) => reportQueryOptions<ChatResponseReport>('chat-responses', selection);

export function useChatResponseReport(selection: RangeSelection) {
  return useQuery(chatResponseReportQueryOptions(selection));
}
