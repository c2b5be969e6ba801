const MAX_STARS = 5;

/** A 1-5 star rating, announced as 'Rated N out of 5'. */
export function StarRating({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  return (
    <span role="img" aria-label={`Rated ${filled} out of ${MAX_STARS}`} className="inline-flex gap-0.5">
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 24 24"
          aria-hidden="true"
          className={`size-4 ${index < filled ? 'fill-amber-400' : 'fill-slate-700'}`}
        >
          <polygon points="12 2 15.1 8.3 22 9.3 17 14.1 18.2 21 12 17.8 5.8 21 7 14.1 2 9.3 8.9 8.3" />
        </svg>
      ))}
    </span>
  );
}
