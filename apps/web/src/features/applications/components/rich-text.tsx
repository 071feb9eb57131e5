import type { RichMark, RichNode } from '@grantleaf/shared/application-document.schema';
import type { ReactNode } from 'react';

/**
 * A section's stored document drawn as React elements (issue 16 §1): every node type the server
 * accepts has its element here, text is React text, and nothing is ever passed as HTML.
 */

const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

function withMark(mark: RichMark, child: ReactNode, key: number): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong key={key}>{child}</strong>;
    case 'italic':
      return <em key={key}>{child}</em>;
    case 'underline':
      return <u key={key}>{child}</u>;
    case 'strike':
      return <s key={key}>{child}</s>;
    case 'link': {
      const href = typeof mark.attrs?.href === 'string' ? mark.attrs.href : '';
      return SAFE_HREF.test(href) ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
          {child}
        </a>
      ) : (
        child
      );
    }
  }
}

function render(node: RichNode, key: number): ReactNode {
  const children = (node.content ?? []).map(render);
  switch (node.type) {
    case 'doc':
      return <div key={key}>{children}</div>;
    case 'text':
      return (node.marks ?? []).reduceRight<ReactNode>(
        (inner, mark, i) => withMark(mark, inner, i),
        node.text ?? '',
      );
    case 'paragraph':
      return (
        <p key={key} className="my-2">
          {children}
        </p>
      );
    case 'heading': {
      const level = node.attrs?.level === 1 ? 3 : node.attrs?.level === 2 ? 4 : 5;
      const Tag = `h${level}` as 'h3' | 'h4' | 'h5';
      return (
        <Tag key={key} className="mt-3 font-semibold text-slate-900">
          {children}
        </Tag>
      );
    }
    case 'bulletList':
      return (
        <ul key={key} className="my-2 list-disc pl-6">
          {children}
        </ul>
      );
    case 'orderedList':
      return (
        <ol key={key} className="my-2 list-decimal pl-6" start={Number(node.attrs?.start ?? 1)}>
          {children}
        </ol>
      );
    case 'listItem':
      return <li key={key}>{children}</li>;
    case 'blockquote':
      return (
        <blockquote key={key} className="my-2 border-l-4 border-slate-300 pl-3 text-slate-700">
          {children}
        </blockquote>
      );
    case 'hardBreak':
      return <br key={key} />;
    case 'table':
      return (
        <div key={key} className="my-2 overflow-x-auto">
          <table className="min-w-full border-collapse text-sm">
            <tbody>{children}</tbody>
          </table>
        </div>
      );
    case 'tableRow':
      return <tr key={key}>{children}</tr>;
    case 'tableHeader':
      return (
        <th key={key} className="border border-slate-300 bg-slate-50 px-2 py-1 text-left">
          {children}
        </th>
      );
    case 'tableCell':
      return (
        <td key={key} className="border border-slate-300 px-2 py-1">
          {children}
        </td>
      );
  }
}

export function RichText({ doc }: { doc: RichNode }) {
  return <div className="text-sm leading-relaxed text-slate-800">{render(doc, 0)}</div>;
}
