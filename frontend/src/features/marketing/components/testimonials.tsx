import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { StarRating } from '../../../components/ui/star-rating';
import { TESTIMONIALS } from '../data/landing';

/** Three marketing testimonials with initials avatars and star ratings. */
export function Testimonials() {
  return (
    <>
      <ul className="grid gap-5 md:grid-cols-3">
        {TESTIMONIALS.map((testimonial) => (
          <li key={testimonial.name}>
            <figure className="flex h-full flex-col rounded-2xl border border-slate-800 bg-slate-900/60 p-6">
              <StarRating rating={testimonial.rating} />
              <blockquote className="mt-4 flex-1 text-sm leading-relaxed text-slate-300">
                “{testimonial.content}”
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <InitialsAvatar name={testimonial.name} />
                <span className="text-sm">
                  <span className="block font-semibold text-white">{testimonial.name}</span>
                  <span className="block text-slate-400">
                    {testimonial.role}, {testimonial.company}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-xs text-slate-500">
        Illustrative testimonials for marketing purposes; individual results vary.
      </p>
    </>
  );
}
