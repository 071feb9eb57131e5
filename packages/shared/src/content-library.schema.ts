import { z } from 'zod';

/** Issue 16 §4: reusable blocks a researcher writes once and inserts into any section. */

export const LIBRARY_CATEGORIES = [
  'team_bio',
  'institution',
  'facilities',
  'edi',
  'data_management',
  'other',
] as const;
export const libraryCategorySchema = z.enum(LIBRARY_CATEGORIES);
export type LibraryCategory = z.infer<typeof libraryCategorySchema>;

export const LIBRARY_CATEGORY_LABELS: Record<LibraryCategory, string> = {
  team_bio: 'Team bio',
  institution: 'Institution',
  facilities: 'Facilities',
  edi: 'EDI statement',
  data_management: 'Data management',
  other: 'Other',
};

export const BLOCK_TITLE_MAX = 200;
export const BLOCK_TEXT_MAX = 20_000;
export const BLOCK_TAGS_MAX = 10;
export const BLOCK_TAG_MAX = 40;
/** One user's library holds at most this many blocks (search runs over them after opening). */
export const LIBRARY_MAX_BLOCKS = 500;
export const LIBRARY_SEARCH_MAX = 200;

export const LIBRARY_MESSAGES = {
  full: `Your library holds at most ${LIBRARY_MAX_BLOCKS} blocks. Delete one you no longer use first.`,
} as const;

const tag = z
  .string()
  .trim()
  .min(1)
  .max(BLOCK_TAG_MAX, `A tag must be ${BLOCK_TAG_MAX} characters or less`)
  .transform((t) => t.toLowerCase());

export const blockInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(BLOCK_TITLE_MAX, `Title must be ${BLOCK_TITLE_MAX} characters or less`),
  text: z
    .string()
    .trim()
    .min(1, 'Text is required')
    .max(BLOCK_TEXT_MAX, `Text must be ${BLOCK_TEXT_MAX.toLocaleString('en-CA')} characters or less`),
  category: libraryCategorySchema.default('other'),
  tags: z
    .array(tag)
    .max(BLOCK_TAGS_MAX, `At most ${BLOCK_TAGS_MAX} tags`)
    .default([])
    .transform((tags) => [...new Set(tags)]),
});
export type BlockInput = z.input<typeof blockInputSchema>;

// Spelled out: .partial() would keep the defaults, and a PATCH of the title would reset the tags.
export const updateBlockSchema = z.object({
  title: blockInputSchema.shape.title.optional(),
  text: blockInputSchema.shape.text.optional(),
  category: libraryCategorySchema.optional(),
  tags: z
    .array(tag)
    .max(BLOCK_TAGS_MAX, `At most ${BLOCK_TAGS_MAX} tags`)
    .transform((tags) => [...new Set(tags)])
    .optional(),
});
export type UpdateBlockInput = z.input<typeof updateBlockSchema>;

export const blockSearchSchema = z.object({
  q: z.string().trim().max(LIBRARY_SEARCH_MAX).optional(),
  category: libraryCategorySchema.optional(),
});

export const recordUseSchema = z.object({
  applicationId: z.uuid('applicationId must be an application id'),
  section: z.string().trim().min(1, 'Section is required').max(200, 'Section must be 200 characters or less'),
});
export type RecordUseInput = z.infer<typeof recordUseSchema>;

export const blockUseSchema = z.object({
  applicationId: z.string(),
  section: z.string(),
  usedAt: z.string(),
});
export type BlockUse = z.infer<typeof blockUseSchema>;

export const blockSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  category: libraryCategorySchema,
  tags: z.array(z.string()),
  updatedAt: z.string(),
  /** Where the block was inserted, newest first. */
  uses: z.array(blockUseSchema),
});
export type Block = z.infer<typeof blockSchema>;
