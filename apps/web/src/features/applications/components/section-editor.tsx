import type { RichNode } from '@grantleaf/shared/application-document.schema';
import { markdownToDoc } from '@grantleaf/shared/rich-markdown';
import { TableKit } from '@tiptap/extension-table';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { EditorContent, Extension, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { clsx } from 'clsx';
import { useEffect, useImperativeHandle, type Ref } from 'react';
import '../../../i18n/editor-catalogue.ts';
import { t, useTranslation } from '../../../i18n/index.ts';

/**
 * One section's rich-text editor (TipTap on ProseMirror). It offers exactly the node and mark types
 * the server accepts (application-document.schema.ts): headings 1–3, lists, quotes, tables, bold,
 * italic, underline, strike and links; code blocks and rules are off.
 */

export interface SectionEditorHandle {
  /** Focuses the editor, selecting the quoted sentence when it is found in the text. */
  focusQuote(quote: string | null): void;
  /** Inserts plain text (a content-library block) at the cursor. */
  insertText(text: string): void;
  /** Replaces the whole section with an AI suggestion (Markdown: lists, headings, tables kept), as typing would. */
  replaceMarkdown(markdown: string): void;
}

const paragraphs = (text: string) =>
  text.split(/\n{2,}/).map((p) => ({ type: 'paragraph', content: p ? [{ type: 'text', text: p }] : [] }));

/** A question the draft left for the applicant (application-document.service.ts writes them). */
const QUESTION = /\[To complete:[^\]]*\]/g;

/**
 * The draft's questions look like questions to answer, as the viewer shows them under "To write
 * this section, answer:", not like the applicant's own text (issue 28 item 13). A decoration, not
 * a node: the text stays plain, so the server's document schema and every export are unchanged, and
 * the highlight goes as soon as the applicant edits the question away.
 */
const QuestionMarkers = Extension.create({
  name: 'questionMarkers',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('questionMarkers'),
        props: {
          decorations(state) {
            const found: Decoration[] = [];
            state.doc.descendants((node, pos) => {
              if (!node.isText || !node.text) return;
              for (const m of node.text.matchAll(QUESTION))
                found.push(
                  Decoration.inline(pos + m.index, pos + m.index + m[0].length, {
                    class: 'rounded bg-amber-100 px-0.5 text-amber-900 ring-1 ring-amber-300',
                    'data-question': 'true',
                    title: t('editor.question'),
                  }),
                );
            });
            return DecorationSet.create(state.doc, found);
          },
        },
      }),
    ];
  },
});

const EXTENSIONS = [
  QuestionMarkers,
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    codeBlock: false,
    code: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' },
  }),
  // Grid lines and a minimum cell size: an empty 3 × 3 table was invisible (issue 28 item 13).
  TableKit.configure({
    table: {
      resizable: false,
      HTMLAttributes: { class: 'my-2 w-full border-collapse border border-slate-400' },
    },
    tableHeader: {
      HTMLAttributes: { class: 'h-8 min-w-16 border border-slate-400 bg-slate-50 p-1.5 text-left' },
    },
    tableCell: { HTMLAttributes: { class: 'h-8 min-w-16 border border-slate-300 p-1.5 align-top' } },
  }),
];

function findText(editor: Editor, needle: string): number {
  let found = -1;
  editor.state.doc.descendants((node, pos) => {
    if (found >= 0) return false;
    if (node.isText && node.text) {
      const at = node.text.indexOf(needle);
      if (at >= 0) found = pos + at;
    }
    return true;
  });
  return found;
}

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={clsx(
        'h-8 min-w-8 rounded px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-700',
        active ? 'bg-slate-200 font-semibold text-slate-900' : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      {children}
    </button>
  );
}

export function SectionEditor({
  id,
  label,
  describedBy,
  initial,
  onChange,
  ref,
  readOnly = false,
}: {
  id: string;
  label: string;
  describedBy?: string;
  initial: RichNode;
  onChange: (doc: RichNode) => void;
  ref?: Ref<SectionEditorHandle>;
  /** A viewer's or commenter's copy of a shared application (issue 32 §2): readable, not editable. */
  readOnly?: boolean;
}) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    editable: !readOnly,
    content: initial,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class:
          'prose-editor min-h-32 rounded-b-md border border-t-0 border-slate-300 bg-white px-3 py-2 text-sm leading-relaxed text-slate-900 focus:outline-2 focus:outline-brand-700',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getJSON() as RichNode),
  });

  useImperativeHandle(
    ref,
    () => ({
      focusQuote(quote) {
        if (!editor) return;
        const needle = quote?.replace(/…$/, '').slice(0, 60).trim() ?? '';
        const at = needle ? findText(editor, needle) : -1;
        const chain = editor.chain().focus();
        (at >= 0 ? chain.setTextSelection({ from: at, to: at + needle.length }) : chain)
          .scrollIntoView()
          .run();
      },
      insertText(text) {
        editor?.chain().focus().insertContent(paragraphs(text)).run();
      },
      replaceMarkdown(markdown) {
        // emitUpdate so the change reaches onChange, the autosave and the checks.
        editor?.chain().focus().setContent(markdownToDoc(markdown), { emitUpdate: true }).run();
      },
    }),
    [editor],
  );

  useEffect(() => () => editor?.destroy(), [editor]);
  // Read for its re-render on a language switch; `t` is the module's.
  useTranslation();

  if (!editor) return null;
  const is = (name: string, attrs?: Record<string, unknown>) => editor.isActive(name, attrs);
  return (
    <div>
      <div
        hidden={readOnly}
        role="toolbar"
        aria-label={t('editor.toolbar.label', { section: label })}
        className="flex flex-wrap gap-1 rounded-t-md border border-slate-300 bg-slate-50 p-1"
      >
        <ToolButton
          label={t('editor.toolbar.bold')}
          active={is('bold')}
          onClick={() => editor.chain().focus().toggleBold().run()}
        >
          B
        </ToolButton>
        <ToolButton
          label={t('editor.toolbar.italic')}
          active={is('italic')}
          onClick={() => editor.chain().focus().toggleItalic().run()}
        >
          I
        </ToolButton>
        <ToolButton
          label={t('editor.toolbar.heading')}
          active={is('heading', { level: 2 })}
          onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
        >
          H
        </ToolButton>
        <ToolButton
          label={t('editor.toolbar.bulletList')}
          active={is('bulletList')}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        >
          {t('editor.toolbar.bulletListShort')}
        </ToolButton>
        <ToolButton
          label={t('editor.toolbar.numberedList')}
          active={is('orderedList')}
          onClick={() => editor.chain().focus().toggleOrderedList().run()}
        >
          {t('editor.toolbar.numberedListShort')}
        </ToolButton>
        <ToolButton
          label={t('editor.toolbar.table')}
          onClick={() => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        >
          {t('editor.toolbar.tableShort')}
        </ToolButton>
        <ToolButton
          label={t('editor.toolbar.link')}
          active={is('link')}
          onClick={() => {
            const href = window.prompt(
              t('editor.toolbar.linkPrompt'),
              editor.getAttributes('link').href ?? 'https://',
            );
            if (href === null) return;
            if (href === '') editor.chain().focus().unsetLink().run();
            else if (/^(?:https?:\/\/|mailto:)/i.test(href)) editor.chain().focus().setLink({ href }).run();
            else window.alert(t('editor.toolbar.linkRefused'));
          }}
        >
          {t('editor.toolbar.link')}
        </ToolButton>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
