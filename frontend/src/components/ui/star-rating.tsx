import Star from 'lucide-react/icons/star';

const MAX_STARS = 5;

/** A 1-5 star rating, announced as 'Rated N out of 5'. */
export function StarRating({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  return (
    <span role="img" aria-label={`Rated ${filled} out of ${MAX_STARS}`} className="inline-flex gap-0.5">
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <Star
          key={index}
          className={`size-4 ${index < filled ? 'fill-amber-400 text-amber-400' : 'fill-slate-700 text-slate-700'}`}
        />
      ))}
    </span>
  );
}
