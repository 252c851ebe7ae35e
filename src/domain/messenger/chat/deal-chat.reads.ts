import type { Db } from "../../../platform/db/prisma-client.js";
import type { ChatMembers } from "./chat-membership.js";
import {
  type ChatMessage,
  type ChatMessageRow,
  chatMessageFromRow,
  MESSAGE_COLUMNS,
} from "./chat-message.js";

/**
 * The reads of the messenger context: a chat's members, keyset pages of its messages, what a
 * reconnecting subscriber missed, unread counts. Visibility is the caller's (isChatMember), paging
 * is on the message id (commit order within a chat).
 */
export async function findChatMembers(db: Db, dealId: string): Promise<ChatMembers | null> {
  const [members] = await findChatsMembers(db, [dealId]);
  return members ?? null;
}

export async function findChatsMembers(db: Db, dealIds: readonly string[]): Promise<ChatMembers[]> {
  const rows = await db.messengerDealChat.findMany({ where: { dealId: { in: [...dealIds] } } });
  return rows.map((row) => ({
    dealId: row.dealId,
    tenantId: row.tenantId,
    agentUserId: row.agentUserId,
    investorUserId: row.investorUserId,
  }));
}

export interface ChatPage {
  /** Oldest first, as a chat shows them */
  readonly messages: readonly ChatMessage[];
  /** Whether messages older than the first one exist (pass its id as `before`) */
  readonly hasOlder: boolean;
}

/** The `last` messages before `before` (or the newest), one range scan of ix_messages_deal. */
export async function loadChatPage(
  db: Db,
  dealId: string,
  window: { last: number; before: bigint | null },
): Promise<ChatPage> {
  const rows = await db.$queryRaw<ChatMessageRow[]>`
    SELECT ${MESSAGE_COLUMNS} FROM messenger.messages
     WHERE deal_id = ${dealId}::uuid AND (${window.before}::bigint IS NULL OR id < ${window.before}::bigint)
     ORDER BY id DESC LIMIT ${window.last + 1}`;
  const hasOlder = rows.length > window.last;
  return { messages: rows.slice(0, window.last).reverse().map(chatMessageFromRow), hasOlder };
}

/** What a subscriber missed: messages after `after`, oldest first, at most `limit`. */
export async function loadMessagesAfter(
  db: Db,
  dealId: string,
  after: bigint,
  limit: number,
): Promise<ChatMessage[]> {
  const rows = await db.$queryRaw<ChatMessageRow[]>`
    SELECT ${MESSAGE_COLUMNS} FROM messenger.messages
     WHERE deal_id = ${dealId}::uuid AND id > ${after}
     ORDER BY id LIMIT ${limit}`;
  return rows.map(chatMessageFromRow);
}

export interface ChatReadState {
  readonly dealId: string;
  readonly lastReadMessageId: bigint | null;
  /** Messages after the read mark written by someone else (cards included) */
  readonly unreadCount: number;
}

/** Read state of the given chats for one user; chats that do not exist are left out. */
export async function loadReadStates(
  db: Db,
  userId: string,
  dealIds: readonly string[],
): Promise<ChatReadState[]> {
  if (dealIds.length === 0) return [];
  const rows = await db.$queryRaw<Array<{ dealId: string; lastRead: bigint | null; unread: bigint }>>`
    SELECT c.deal_id::text AS "dealId", r.last_read_message_id AS "lastRead",
           (SELECT count(*) FROM messenger.messages m
             WHERE m.deal_id = c.deal_id AND m.id > COALESCE(r.last_read_message_id, 0)
               AND m.author_user_id IS DISTINCT FROM ${userId}) AS unread
      FROM messenger.deal_chats c
      LEFT JOIN messenger.chat_reads r ON r.deal_id = c.deal_id AND r.user_id = ${userId}
     WHERE c.deal_id = ANY(${dealIds}::uuid[])`;
  return rows.map((r) => ({
    dealId: r.dealId,
    lastReadMessageId: r.lastRead,
    unreadCount: Number(r.unread),
  }));
}

/** The newest message id of a chat (0 when empty): where a subscription without a resume id starts. */
export async function newestMessageId(db: Db, dealId: string): Promise<bigint> {
  const row = await db.messengerDealChat.findUnique({ where: { dealId }, select: { lastMessageId: true } });
  return row?.lastMessageId ?? 0n;
}
