import { LEGAL_LAST_UPDATED, type LegalSection } from '../data/legal';

/** A legal page body: last-updated date, a table of contents and numbered sections. */
export function LegalDocument({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <div className="mx-auto max-w-3xl px-6 pb-20">
      <p className="text-sm text-slate-400">Last updated {LEGAL_LAST_UPDATED}</p>
      <nav aria-label="Contents" className="mt-6 rounded-2xl border border-slate-800 bg-slate-900/60 p-5">
        <h2 className="text-sm font-semibold text-slate-200">Contents</h2>
        <ol className="mt-3 grid list-inside list-decimal gap-1.5 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id} className="text-slate-500">
              <a href={`#${section.id}`} className="text-slate-300 hover:text-emerald-300">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="scroll-mt-20"
          >
            <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-white">
              {index + 1}. {section.heading}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-300">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
