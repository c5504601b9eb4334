/**
 * Markdown with GitHub tables and TeX math (`$x$`, `$$x$$`), for the analysis and the SQL explanation.
 * Raw HTML in the text is not rendered (react-markdown's default), so model output cannot inject markup.
 */
import 'katex/dist/katex.min.css';
import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { cn } from '../../lib/cn';

const components: Components = {
  h1: ({ node: _, ...props }) => (
    <h3 className="mt-5 mb-2 text-base font-semibold text-slate-900" {...props} />
  ),
  h2: ({ node: _, ...props }) => (
    <h3 className="mt-5 mb-2 text-base font-semibold text-slate-900" {...props} />
  ),
  h3: ({ node: _, ...props }) => (
    <h4 className="mt-4 mb-1.5 text-sm font-semibold text-slate-900" {...props} />
  ),
  h4: ({ node: _, ...props }) => (
    <h5 className="mt-4 mb-1.5 text-sm font-semibold text-slate-800" {...props} />
  ),
  p: ({ node: _, ...props }) => <p className="my-2.5 leading-relaxed" {...props} />,
  ul: ({ node: _, ...props }) => (
    <ul className="my-2.5 list-disc space-y-1 pl-5 marker:text-slate-400" {...props} />
  ),
  ol: ({ node: _, ...props }) => (
    <ol className="my-2.5 list-decimal space-y-1 pl-5 marker:text-slate-500" {...props} />
  ),
  li: ({ node: _, ...props }) => <li className="pl-1 leading-relaxed" {...props} />,
  strong: ({ node: _, ...props }) => <strong className="font-semibold text-slate-900" {...props} />,
  a: ({ node: _, ...props }) => (
    <a
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      target="_blank"
      rel="noreferrer noopener"
      {...props}
    />
  ),
  blockquote: ({ node: _, ...props }) => (
    <blockquote className="my-3 border-l-4 border-brand-200 pl-4 text-slate-600" {...props} />
  ),
  hr: () => <hr className="my-4 border-slate-200" />,
  pre: ({ node: _, ...props }) => (
    <pre
      className="fixed-palette my-3 overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-[13px] leading-relaxed text-slate-100 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit"
      {...props}
    />
  ),
  code: ({ node: _, className, ...props }) => (
    <code
      className={cn('rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.85em] text-slate-800', className)}
      {...props}
    />
  ),
  table: ({ node: _, ...props }) => (
    <div className="my-3 overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm" {...props} />
    </div>
  ),
  thead: ({ node: _, ...props }) => <thead className="bg-slate-50 text-xs text-slate-500" {...props} />,
  th: ({ node: _, style, ...props }) => (
    <th className="border-b border-slate-200 px-3 py-2 font-medium" style={style} {...props} />
  ),
  td: ({ node: _, style, ...props }) => (
    <td className="border-b border-slate-100 px-3 py-2 tabular-nums" style={style} {...props} />
  ),
};

const remarkPlugins: ComponentProps<typeof ReactMarkdown>['remarkPlugins'] = [remarkGfm, remarkMath];
const rehypePlugins: ComponentProps<typeof ReactMarkdown>['rehypePlugins'] = [
  [rehypeKatex, { throwOnError: false, strict: 'ignore' }],
];

export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div
      className={cn(
        'text-sm text-slate-700 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0 [&_.katex-display]:my-3 [&_.katex-display]:overflow-x-auto [&_.katex-display]:py-1',
        className,
      )}
    >
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
