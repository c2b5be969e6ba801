import Video from 'lucide-react/icons/video';
import { VIDEO_TUTORIALS } from '../data/videos';

/** The tutorial videos are not published yet: the cards say so and offer nothing to play. */
export function VideoTutorials() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {VIDEO_TUTORIALS.map((video) => (
        <li key={video.id} className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60">
          <div className="relative flex aspect-video items-center justify-center bg-gradient-to-br from-emerald-500/15 via-slate-900 to-cyan-500/15">
            <video.icon className="size-10 text-emerald-300/70" />
            <span className="absolute top-3 left-3 rounded-full bg-slate-950/80 px-2.5 py-1 text-xs font-semibold text-amber-200">
              Coming soon
            </span>
          </div>
          <div className="p-5">
            <h3 className="font-semibold text-white">{video.title}</h3>
            <p className="mt-1 text-sm text-slate-400">{video.description}</p>
            <p className="mt-3 inline-flex items-center gap-1.5 text-xs text-slate-500">
              <Video className="size-4" />
              About {video.duration}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
