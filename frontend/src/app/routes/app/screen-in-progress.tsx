import { ScreenHeader } from '../../../components/layouts/screen-header';

/** A signed-in screen whose feature has not shipped yet: its spec title and an honest note. */
export function ScreenInProgress({ title }: { title: string }) {
  return <ScreenHeader title={title} subtitle="This screen is being built." />;
}
