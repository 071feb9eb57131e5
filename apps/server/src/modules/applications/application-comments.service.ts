import {
  COMMENTS_MAX,
  mentionedAddresses,
  type Comment,
  type CommentInput,
} from '@grantleaf/shared/sharing.schema';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@grantleaf/shared/language';
import { findUserByEmail, type UserRow } from '../auth/index.ts';
import { mentionMail, type Mailer } from '../mail/index.ts';
import * as comments from './application-comments.repository.ts';
import * as repo from './applications.repository.ts';

const languageOf = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/**
 * Comments on an application (issue 32 §2, ADR 0373): anyone who may read it reads them; commenters,
 * editors, officers and the owner write, reply and resolve. Access comes from findApplicationFor.
 */
export function createApplicationComments(deps: { db: Db; env: Env; mailer: Mailer }) {
  const { db } = deps;

  async function open(user: UserRow, id: string, need: 'viewer' | 'commenter') {
    const found = await repo.findApplicationFor(db, user.id, id, need);
    if (!found) throw notFound('Application not found');
    return found.row;
  }

  async function list(user: UserRow, id: string): Promise<Comment[]> {
    await open(user, id, 'viewer');
    const rows = await comments.listComments(db, id);
    return rows.map(({ comment: c, author, resolvedBy }) => ({
      id: c.id,
      parentId: c.parentId,
      sectionId: c.sectionId,
      quote: c.quote,
      body: c.body,
      author,
      mine: c.authorId === user.id,
      resolved: c.resolvedAt !== null,
      resolvedBy: c.resolvedAt ? (resolvedBy ?? 'Former collaborator') : null,
      createdAt: c.createdAt.toISOString(),
    }));
  }

  return {
    list,

    /** A comment or a reply; people it mentions (@address) who can read the application are e-mailed. */
    async add(user: UserRow, id: string, input: CommentInput): Promise<Comment[]> {
      const row = await open(user, id, 'commenter');
      const sectionIds = new Set(row.sections.map((s) => s.id));
      const created = await db.transaction(async (tx) => {
        let sectionId = input.sectionId;
        let quote = input.quote ?? '';
        if (input.parentId) {
          const parent = await comments.findComment(tx, id, input.parentId);
          if (!parent) throw notFound('Comment not found');
          // A reply sits in its root's thread, anchored where the root is.
          if (parent.parentId) throw badRequest('Reply to the first comment of the thread.');
          sectionId = parent.sectionId;
          quote = '';
        } else if (sectionIds.size > 0 && !sectionIds.has(sectionId))
          throw badRequest(`This application has no section "${sectionId}"`);
        if ((await comments.countComments(tx, id)) >= COMMENTS_MAX)
          throw conflict(`An application holds at most ${COMMENTS_MAX} comments.`);
        return comments.insertComment(tx, {
          applicationId: id,
          authorId: user.id,
          parentId: input.parentId ?? null,
          sectionId,
          quote,
          body: input.body.trim(),
        });
      });
      const mentioned = mentionedAddresses(created.body);
      if (mentioned.length > 0) {
        const readers = await comments.readersByAddress(db, id);
        const link = `${deps.env.APP_URL.replace(/\/$/, '')}/applications/${id}`;
        for (const address of mentioned.filter(
          (a) => readers.has(a) && a !== user.email.trim().toLowerCase(),
        )) {
          const reader = await findUserByEmail(db, address);
          await deps.mailer.send({
            to: address,
            dedupeKey: `comment-mention:${created.id}:${address}`,
            ...mentionMail(languageOf(reader?.language), {
              actor: user.name,
              title: row.title,
              comment: created.body,
              link,
            }),
          });
        }
      }
      return list(user, id);
    },

    async resolve(user: UserRow, id: string, commentId: string, resolved: boolean): Promise<Comment[]> {
      await open(user, id, 'commenter');
      const comment = await comments.findComment(db, id, commentId);
      if (!comment || comment.parentId) throw notFound('Comment not found');
      await comments.setResolved(db, commentId, resolved ? user.id : null);
      return list(user, id);
    },
  };
}
export type ApplicationComments = ReturnType<typeof createApplicationComments>;
