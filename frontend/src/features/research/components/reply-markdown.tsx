import Markdown, { type Components } from 'react-markdown';

/**
 * A reply rendered as Markdown (react-markdown: CommonMark to React elements, never innerHTML).
 * Raw HTML in the text is dropped (`skipHtml`), images are not loaded (a reply cannot make the
 * browser fetch a URL), and links open in a new tab without the opener; unsafe URLs
 * (`javascript:` and the like) are removed by react-markdown's default URL transform.
 */
const components: Components = {
  p: ({ node: _node, ...props }) => <p className="my-2 first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-2 list-disc space-y-1 pl-5" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-2 list-decimal space-y-1 pl-5" {...props} />,
  h1: ({ node: _node, children, ...props }) => (
    <h3 className="mt-4 mb-2 text-base font-semibold text-white" {...props}>
      {children}
    </h3>
  ),
  h2: ({ node: _node, children, ...props }) => (
    <h3 className="mt-4 mb-2 text-base font-semibold text-white" {...props}>
      {children}
    </h3>
  ),
  h3: ({ node: _node, children, ...props }) => (
    <h3 className="mt-4 mb-1.5 text-sm font-semibold text-white" {...props}>
      {children}
    </h3>
  ),
  h4: ({ node: _node, children, ...props }) => (
    <h4 className="mt-3 mb-1 text-sm font-semibold text-white" {...props}>
      {children}
    </h4>
  ),
  strong: ({ node: _node, ...props }) => <strong className="font-semibold text-white" {...props} />,
  a: ({ node: _node, children, ...props }) => (
    <a
      className="text-emerald-300 underline underline-offset-2 hover:text-emerald-200"
      target="_blank"
      rel="noopener noreferrer nofollow"
      {...props}
    >
      {children}
    </a>
  ),
  code: ({ node: _node, ...props }) => (
    <code className="rounded bg-slate-800 px-1 py-0.5 font-mono text-[0.85em] text-slate-100" {...props} />
  ),
  pre: ({ node: _node, ...props }) => (
    <pre className="my-2 overflow-x-auto rounded-lg bg-slate-950 p-3 text-xs" {...props} />
  ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="my-2 border-l-2 border-slate-600 pl-3 text-slate-300" {...props} />
  ),
};

export function ReplyMarkdown({ text }: { text: string }) {
  return (
    <div className="text-sm leading-relaxed break-words text-slate-200">
      <Markdown skipHtml disallowedElements={['img']} unwrapDisallowed components={components}>
        {text}
      </Markdown>
    </div>
  );
}
